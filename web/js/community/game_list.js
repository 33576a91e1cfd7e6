// Lists of games as the community pages show them (my games, a profile's
// recent games, the archive, the live games), and the words for a clock.
import { api } from '../api.js';
import { t, tn, fmtDate, fmtDay } from '../i18n.js';
import { el } from '../dom.js';
import { engineLevel, sideName } from '../game_text.js';
import { session } from './session.js';

export function clockText(c) {
  if (!c) return t('clock.untimed');
  if (c.type === 'realtime') {
    if (c.initial < 60) return t('clock.rtSeconds', { sec: c.initial, inc: c.increment || 0 });
    const min =
      c.initial % 60 === 0 ? String(c.initial / 60) : (c.initial / 60).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
    return t('clock.rtShort', { min, inc: c.increment || 0 });
  }
  if (c.type === 'correspondence') return tn('clock.days', c.days);
  return t('clock.untimed');
}

// started: whether the seat can still be free (a game not yet started);
// otherwise an empty seat was taken by someone without an account.
export function playerNode(p, started = false) {
  if (!p)
    return started
      ? el('span', { class: 'anonymous' }, t('player.anonymous'))
      : el('span', { class: 'nobody' }, t('player.nobody'));
  // A deleted account: its games keep the seat, without a name or a link.
  if (p.deleted) return el('span', { class: 'pl deleted' }, t('player.deleted'));
  const wrap = el('span', { class: 'pl' });
  // The engine has one name everywhere: "Engine level 4", as in the game.
  const level = !p.guest && engineLevel(p.name);
  const shown = level ? t('player.engine', { level }) : p.name;
  if (!p.guest && p.name) wrap.appendChild(el('a', { href: `#profile=${encodeURIComponent(p.name)}` }, shown));
  else wrap.appendChild(el('span', {}, p.guest ? t('auth.guestName', { name: p.name }) : p.name));
  if (typeof p.rating === 'number') wrap.appendChild(el('span', { class: 'r' }, ` (${Math.round(p.rating)})`));
  return wrap;
}

function resultWords(g) {
  if (g.result === 'ongoing' && g.started === false && !g.end) return t('summary.notStarted');
  if (g.result === 'ongoing' && g.end !== 'aborted' && g.end !== 'cancelled')
    return g.to_move === 'none' ? '' : t('summary.toMove', { side: sideName(g.to_move) });
  if (g.end === 'aborted') return t('result.aborted');
  if (g.end === 'cancelled') return t('result.cancelled');
  // The count only when it decided the game (as the game page): not after a
  // resignation or a loss on time.
  if (!g.end || g.end === 'count') {
    const sc = g.score ? `${g.score.white}–${g.score.black}` : '';
    return g.result === 'draw'
      ? t('result.draw', { score: sc })
      : t('result.wins', { side: sideName(g.result), score: sc });
  }
  const r = g.result === 'draw' ? t('result.drawShort') : t('result.winsShort', { side: sideName(g.result) });
  if (g.end === 'time') return `${r} · ${t('summary.onTime')}`;
  if (g.end === 'resignation') return `${r} · ${t('summary.byResignation')}`;
  return r;
}

// One game in a list: players, clock, rated, result, links.
export function gameItem(g, { link = 'game', mine = false } = {}) {
  const li = el('li', { 'data-testid': 'game-item', 'data-id': g.id, class: 'game-item' });
  const who = el('span', { class: 'who' });
  const started = g.started === true || g.result !== 'ongoing' || g.moves > 0;
  who.appendChild(playerNode(g.white, started));
  who.appendChild(el('span', { class: 'vs' }, ` ${t('summary.vs')} `));
  who.appendChild(playerNode(g.black, started));
  li.appendChild(who);
  const bits = [clockText(g.clock)];
  if (g.rated) bits.push(t('summary.rated'));
  bits.push(tn('summary.moves', g.moves || 0));
  const res = resultWords(g);
  if (res) bits.push(res);
  if (g.deadline && g.result === 'ongoing') bits.push(t('summary.deadline', { date: fmtDate(g.deadline) }));
  bits.push(fmtDay(g.updated || g.created));
  li.appendChild(el('span', { class: 'meta' }, bits.join(' · ')));
  const links = el('span', { class: 'links' });
  // Your own unfinished game is one to play, in whichever list it is.
  const me = session.user && session.user.name.toLowerCase();
  const own = !!me && [g.white, g.black].some((p) => p && p.name && p.name.toLowerCase() === me);
  if (own && g.result === 'ongoing') {
    mine = true;
    link = 'game';
  }
  const href = link === 'watch' ? `#watch=${g.id}` : `#game=${g.id}`;
  const open = el(
    'a',
    { href, 'data-testid': 'game-open', class: 'button small' },
    g.result !== 'ongoing' ? t('summary.replay') : mine ? t('summary.play') : t('summary.watch'),
  );
  links.appendChild(open);
  if (g.result !== 'ongoing') {
    links.appendChild(
      el(
        'a',
        {
          href: api.recordUrl(g.id),
          download: `dvonn-${g.id}.txt`,
          'data-testid': 'game-download',
          class: 'button small',
        },
        t('summary.download'),
      ),
    );
  }
  li.appendChild(links);
  return li;
}

export function fillList(ul, games, opts, emptyKey) {
  ul.innerHTML = '';
  if (!games || !games.length) {
    ul.appendChild(el('li', { class: 'empty' }, t(emptyKey)));
    return;
  }
  for (const g of games) ul.appendChild(gameItem(g, opts));
}

// A further page of a list filled by fillList (its "none" line goes).
export function appendList(ul, games, opts) {
  if (!games || !games.length) return;
  for (const e of ul.querySelectorAll('li.empty')) e.remove();
  for (const g of games) ul.appendChild(gameItem(g, opts));
}
