// The leaderboards (#leaderboard: every time-control family's top 10;
// #leaderboard=FAMILY: that family's whole board, a page at a time), from
// GET /api/leaderboard (docs/community-api.md, "Leaderboards").
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isShown } from './current_page.js';

export const FAMILIES = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'untimed'];
const PAGE = 50;

export const familyName = (family) => t(`stats.family.${family}`);

// A rating as shown on a board: "1623", "1623?" while provisional.
export function ratingText(row) {
  return `${Math.round(row.rating)}${row.provisional ? '?' : ''}`;
}

// The trend of the last days: "+12", "−8" or "0", and its words.
function trendCell(trend) {
  const n = Math.round(trend || 0);
  const td = el('td', { class: `trend ${n > 0 ? 'up' : n < 0 ? 'down' : 'flat'}` });
  td.dataset.trend = String(n);
  const shown = n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
  td.appendChild(el('span', { 'aria-hidden': 'true' }, shown));
  td.appendChild(el('span', { class: 'sr-only' }, t('leaderboard.trendWords', { n: shown })));
  return td;
}

function playerLink(name) {
  return el('a', { href: `#profile=${encodeURIComponent(name)}` }, name);
}

function boardRow(row) {
  const tr = el('tr', { 'data-name': row.name });
  tr.appendChild(el('td', { class: 'rank' }, String(row.rank)));
  const who = el('th', { scope: 'row', class: 'who' });
  who.appendChild(playerLink(row.name));
  tr.appendChild(who);
  const rating = el('td', { class: 'rating' }, ratingText(row));
  rating.dataset.rating = String(row.rating);
  if (row.provisional) rating.title = t('profile.provisionalTitle');
  tr.appendChild(rating);
  tr.appendChild(el('td', {}, String(row.games)));
  tr.appendChild(trendCell(row.trend));
  return tr;
}

function rulesText(rules) {
  if (!rules) return '';
  return t('leaderboard.rules', {
    games: rules.min_games,
    rd: Math.round(rules.max_deviation),
    days: rules.active_days,
  });
}

// The links to the overview and to each family's board; the one shown is
// the current page.
function fillTabs(current) {
  const nav = byTest('leaderboard-tabs');
  nav.innerHTML = '';
  const link = (hash, text, here) => {
    const a = el('a', { href: hash, 'data-testid': `leaderboard-tab-${here || 'all'}` }, text);
    if ((here || '') === (current || '')) a.setAttribute('aria-current', 'page');
    nav.appendChild(a);
  };
  link('#leaderboard', t('leaderboard.overview'), '');
  for (const f of FAMILIES) link(`#leaderboard=${f}`, familyName(f), f);
}

let boardState = null;

export async function showLeaderboard(params) {
  const family = params.get('leaderboard') || '';
  fillTabs(family);
  byTest('leaderboard-message').textContent = '';
  if (family && !FAMILIES.includes(family)) {
    byTest('leaderboard-overview').hidden = true;
    byTest('leaderboard-board').hidden = true;
    byTest('leaderboard-title').textContent = t('leaderboard.title');
    byTest('leaderboard-message').textContent = t('leaderboard.unknown');
    return;
  }
  if (family) return loadBoard(family, false);
  return loadOverview();
}

async function loadOverview() {
  byTest('leaderboard-title').textContent = t('leaderboard.title');
  byTest('leaderboard-board').hidden = true;
  const box = byTest('leaderboard-overview');
  box.hidden = false;
  let r;
  try {
    r = await api.leaderboard();
  } catch (e) {
    byTest('leaderboard-message').textContent = t('error.load', { error: errorText(e) });
    return;
  }
  if (!isShown('leaderboard')) return;
  byTest('leaderboard-rules').textContent = rulesText(r.rules);
  box.innerHTML = '';
  for (const f of r.families) {
    const id = `board-${f.family}-title`;
    const card = el('section', { class: 'card board-card', 'data-testid': `leaderboard-card-${f.family}` });
    card.setAttribute('aria-labelledby', id);
    card.appendChild(el('h2', { id }, familyName(f.family)));
    if (!f.players.length) card.appendChild(el('p', { class: 'empty' }, t('leaderboard.emptyFamily')));
    else {
      const ol = el('ol', { class: 'board-top' });
      for (const row of f.players) {
        const li = el('li', { 'data-name': row.name });
        li.appendChild(el('span', { class: 'rank' }, `${row.rank}.`));
        li.appendChild(playerLink(row.name));
        li.appendChild(el('span', { class: 'rating' }, ratingText(row)));
        ol.appendChild(li);
      }
      card.appendChild(ol);
    }
    const all = el(
      'a',
      { href: `#leaderboard=${f.family}`, class: 'board-all', 'data-testid': `leaderboard-all-${f.family}` },
      t('leaderboard.all', { family: familyName(f.family), n: f.total }),
    );
    card.appendChild(all);
    box.appendChild(card);
  }
}

async function loadBoard(family, more) {
  const title = t('leaderboard.familyTitle', { family: familyName(family) });
  byTest('leaderboard-title').textContent = title;
  byTest('leaderboard-caption').textContent = title;
  byTest('leaderboard-overview').hidden = true;
  byTest('leaderboard-board').hidden = false;
  const body = byTest('leaderboard-table').querySelector('tbody');
  const btn = byTest('leaderboard-more');
  if (!more) {
    boardState = { family, next: 0 };
    body.innerHTML = '';
    btn.hidden = true;
    byTest('leaderboard-empty').hidden = true;
  }
  btn.disabled = true;
  try {
    const r = await api.leaderboard({ family, offset: boardState.next || undefined, limit: PAGE });
    if (!isShown('leaderboard') || !boardState || boardState.family !== family) return;
    byTest('leaderboard-rules').textContent = rulesText(r.rules);
    for (const row of r.players) body.appendChild(boardRow(row));
    boardState.next = r.next;
    btn.hidden = !r.more;
    const empty = byTest('leaderboard-empty');
    empty.textContent = t('leaderboard.emptyFamily');
    empty.hidden = body.children.length > 0;
  } catch (e) {
    byTest('leaderboard-message').textContent = t('error.load', { error: errorText(e) });
  } finally {
    btn.disabled = false;
  }
}

export function setupLeaderboard() {
  byTest('leaderboard-more').addEventListener('click', () => {
    if (boardState) loadBoard(boardState.family, true);
  });
}
