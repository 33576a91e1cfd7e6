// The archive (#archive, #archive&player=NAME): finished games, newest
// first, a page at a time, of everyone or of one player.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { currentPage, isShown } from './current_page.js';
import { gameItem } from './game_list.js';

let archiveState = null;

export function showArchive(params) {
  byTest('archive-player').value = params.get('player') || '';
  loadArchive(false);
}

async function loadArchive(more) {
  const ul = byTest('archive-list');
  const msg = byTest('archive-message');
  const current = currentPage();
  const player = current && current.params ? current.params.get('player') || '' : '';
  if (!more) {
    archiveState = { player, next: null };
    ul.innerHTML = '';
  }
  msg.textContent = '';
  const btn = byTest('archive-more');
  btn.disabled = true;
  try {
    const r = await api.archive({
      player: archiveState.player || undefined,
      before: more ? archiveState.next : undefined,
      limit: 20,
    });
    if (!isShown('archive')) return;
    for (const g of r.games || []) {
      const li = gameItem(g, { link: 'watch' });
      // The analysis board at the game's last position, its moves kept.
      const analyse = el(
        'a',
        { href: `#analysis&game=${encodeURIComponent(g.id)}`, 'data-testid': 'game-analyse', class: 'button small' },
        t('analysis.open'),
      );
      li.querySelector('.links').appendChild(analyse);
      ul.appendChild(li);
    }
    archiveState.next = r.next || null;
    btn.hidden = !r.next;
    if (!ul.children.length)
      ul.appendChild(el('li', { class: 'empty' }, player ? t('archive.noneFor', { name: player }) : t('archive.none')));
  } catch (e) {
    msg.textContent = t('error.load', { error: errorText(e) });
  } finally {
    btn.disabled = false;
  }
}

export function setupArchive() {
  byTest('archive-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const p = byTest('archive-player').value.trim();
    location.hash = p ? `archive&player=${encodeURIComponent(p)}` : 'archive';
  });
  byTest('archive-more').addEventListener('click', () => loadArchive(true));
}
