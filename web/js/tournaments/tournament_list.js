// The tournaments page (#tournaments): the running, upcoming and finished
// tournaments, each a paged list (More), refreshed every 20 s while shown;
// and the short list on the home page.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isShown } from '../community/current_page.js';
import { playersText, relativeTime, startText, statusName, summaryParts } from './tournament_text.js';

export const STATUSES = ['running', 'upcoming', 'finished'];
const PAGE = 10;

// What each list holds: the tournaments shown and the cursor of the next page.
const lists = new Map(STATUSES.map((s) => [s, { items: [], next: null, more: false }]));
let refreshTimer = null;

// Where a running tournament is: an arena's end, or the round in play.
function runningText(tour) {
  if (tour.kind === 'arena' && tour.ends_ms) return t('tournaments.endsRel', { rel: relativeTime(tour.ends_ms) });
  if (tour.round && tour.rounds) return t('tournaments.roundOf', { n: tour.round, of: tour.rounds });
  return statusName(tour.status);
}

// One row: the name (a link to the page, a lock when private) and a line of
// facts: kind, clock, rated, length, start, players.
export function tournamentRow(tour, { testid = 'tournament-row' } = {}) {
  const li = el('li', { class: 'tournament-row', 'data-testid': testid });
  li.dataset.id = tour.id;
  const a = el('a', { href: `#tournament/${encodeURIComponent(tour.id)}`, class: 'tournament-name' });
  a.textContent = tour.name;
  const title = el('span', { class: 'tournament-title' });
  title.appendChild(a);
  if (tour.private) {
    title.appendChild(
      el(
        'span',
        { class: 'lock', role: 'img', 'aria-label': t('tournaments.private'), title: t('tournaments.private') },
        '🔒',
      ),
    );
  }
  const facts = el('span', { class: 'tournament-facts' });
  const parts = summaryParts(tour);
  if (tour.status === 'upcoming') parts.push(startText(tour));
  else if (tour.status === 'running') parts.push(runningText(tour));
  else parts.push(statusName(tour.status));
  parts.push(playersText(tour.players));
  facts.textContent = parts.join(' · ');
  li.append(title, facts);
  return li;
}

function render(status) {
  const l = lists.get(status);
  const ul = byTest(`tournaments-${status}`);
  ul.innerHTML = '';
  for (const tour of l.items) ul.appendChild(tournamentRow(tour));
  byTest(`tournaments-${status}-empty`).hidden = l.items.length > 0;
  byTest(`tournaments-${status}-more`).hidden = !l.more;
}

// Loads a list's first page again (keeping as many rows as were shown), or
// its next page.
async function load(status, more = false) {
  const l = lists.get(status);
  try {
    if (more) {
      const r = await api.tournaments(status, l.next, PAGE);
      if (!isShown('tournaments')) return;
      l.items.push(...(r.tournaments || []));
      l.next = r.next;
      l.more = !!r.more;
    } else {
      const r = await api.tournaments(status, null, Math.max(PAGE, Math.min(l.items.length, 100)));
      if (!isShown('tournaments')) return;
      l.items = r.tournaments || [];
      l.next = r.next;
      l.more = !!r.more;
    }
    byTest('tournaments-message').textContent = '';
    render(status);
  } catch (e) {
    if (isShown('tournaments')) byTest('tournaments-message').textContent = t('error.load', { error: errorText(e) });
  }
}

export function loadTournaments() {
  for (const s of STATUSES) load(s);
}

export function showTournamentList() {
  loadTournaments();
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => {
    if (document.visibilityState === 'visible' && isShown('tournaments')) loadTournaments();
  }, 20000);
}

export function leaveTournamentList() {
  clearInterval(refreshTimer);
  refreshTimer = null;
}

// A language switch: the rows again, from what is known.
export function relabelTournamentList() {
  for (const s of STATUSES) render(s);
}

export function setupTournamentList() {
  for (const s of STATUSES) byTest(`tournaments-${s}-more`).addEventListener('click', () => load(s, true));
}

// The home page's card: the running tournaments, then the next to start,
// three at most.
let homeSeq = 0;
export async function showHomeTournaments() {
  const seq = ++homeSeq;
  const ul = byTest('home-tournaments-list');
  try {
    const [running, upcoming] = await Promise.all([
      api.tournaments('running', null, 3),
      api.tournaments('upcoming', null, 3),
    ]);
    if (seq !== homeSeq) return;
    const items = [...(running.tournaments || []), ...(upcoming.tournaments || [])].slice(0, 3);
    ul.innerHTML = '';
    for (const tour of items) ul.appendChild(tournamentRow(tour, { testid: 'home-tournament' }));
    byTest('home-tournaments-empty').hidden = items.length > 0;
  } catch {
    // The card keeps its link to the page; the list stays as it was.
  }
}
