// A tournament's page (#tournament/ID): what it is and where it stands (a
// countdown to the start or to an arena's end, round n of N), Join (with a
// password when private) and Withdraw, the creator's controls (add an
// engine, start now, cancel), the standings, the rounds or the arena's
// games, and "Your game". Everything after the first load arrives live over
// /ws/tournament?id=ID.
import { api, LiveConnection } from '../api.js';
import { t, tn, errorText, fmtDate } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isShown } from '../community/current_page.js';
import { session } from '../community/session.js';
import { countdown, statusName, summaryParts } from './tournament_text.js';
import { renderStandings } from './standings_table.js';
import { myGame, renderRounds } from './tournament_rounds.js';

// The tournament shown: {id, data (the body of GET without "you"), you,
// conn, asking (the password form is open)}.
let shown = null;
let tick = null;

const me = () => (session.user ? session.user.name : null);
const same = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

function message(text) {
  byTest('tournament-message').textContent = text || '';
}

function joined() {
  const d = shown && shown.data;
  if (!d || !me()) return false;
  if (Array.isArray(d.entrants)) return d.entrants.some((e) => same(e.name, me()) && !e.withdrawn);
  return !!(shown.you && shown.you.joined);
}

function canManage() {
  if (!shown || !me()) return false;
  if (shown.you && typeof shown.you.can_manage === 'boolean') return shown.you.can_manage;
  return same(shown.data.tournament.created_by, me());
}

// The line under the name: the countdown to the start or to an arena's end,
// or the round in play.
function statusLine(tour, now = Date.now()) {
  if (tour.status === 'upcoming') return t('tournaments.startsIn', { time: countdown(tour.starts_ms - now) });
  if (tour.status === 'running' && tour.kind === 'arena' && tour.ends_ms)
    return t('tournaments.endsIn', { time: countdown(tour.ends_ms - now) });
  if (tour.status === 'running' && tour.round) {
    const of = tour.rounds || (shown && shown.data.rounds ? shown.data.rounds.length : 0);
    return of ? t('tournaments.roundOf', { n: tour.round, of }) : t('tournaments.roundN', { n: tour.round });
  }
  return '';
}

function renderClock() {
  if (!shown || !shown.data) return;
  byTest('tournament-countdown').textContent = statusLine(shown.data.tournament);
}

function renderHeader(tour) {
  byTest('tournament-name').textContent = tour.name;
  const facts = summaryParts(tour);
  if (tour.private) facts.push(t('tournaments.private'));
  byTest('tournament-facts').textContent = facts.join(' · ');
  const by = byTest('tournament-by');
  by.innerHTML = '';
  if (tour.created_by) {
    by.append(t('tournaments.createdBy'), ' ');
    by.appendChild(el('a', { href: `#profile=${encodeURIComponent(tour.created_by)}` }, tour.created_by));
  } else by.textContent = t('tournaments.bySite');
  const status = byTest('tournament-status');
  status.dataset.status = tour.status;
  status.textContent = statusName(tour.status);
  byTest('tournament-start-time').textContent = tour.starts_ms
    ? t('tournaments.startTime', { when: fmtDate(tour.starts_ms) })
    : '';
  renderClock();
}

function renderActions(tour) {
  const open = tour.status === 'upcoming' || tour.status === 'running';
  const signedIn = !!me();
  const inIt = joined();
  const lateClosed = tour.kind === 'round_robin' && tour.status === 'running';
  // The page's own reading of the pairings; the GET's "you" until a push.
  const game = myGame(shown.data, me()) || (shown.youFor === shown.data && shown.you.game) || null;
  const yours = byTest('tournament-your-game');
  yours.hidden = !game;
  if (game) yours.href = `#game=${encodeURIComponent(game)}`;
  byTest('tournament-join').hidden = !open || inIt || lateClosed || !signedIn;
  byTest('tournament-signin').hidden = !open || signedIn || lateClosed;
  byTest('tournament-password-form').hidden = !shown.asking || inIt || !open;
  byTest('tournament-withdraw').hidden = !open || !inIt;
  byTest('tournament-joined').hidden = !inIt;
  // The creator's controls, while they can do something: before the start
  // (engines, start, cancel), and an arena's engines until its end.
  const manage = canManage() && (tour.status === 'upcoming' || (tour.kind === 'arena' && tour.status === 'running'));
  byTest('tournament-manage').hidden = !manage;
  if (manage) {
    byTest('tournament-engine-row').hidden = !(tour.status === 'upcoming' || tour.kind === 'arena');
    byTest('tournament-start').hidden = tour.status !== 'upcoming';
    byTest('tournament-cancel').hidden = tour.status !== 'upcoming';
    if (tour.status !== 'upcoming') byTest('tournament-cancel-confirm').hidden = true;
  }
}

function renderEntrants(entrants) {
  const ul = byTest('tournament-entrants');
  ul.innerHTML = '';
  const list = entrants || [];
  byTest('tournament-entrants-title').textContent = tn('tournaments.entrantsN', list.length);
  for (const e of list) {
    const li = el('li', { 'data-testid': 'entrant' });
    li.dataset.name = e.name;
    if (e.engine) li.appendChild(el('span', {}, e.name));
    else li.appendChild(el('a', { href: `#profile=${encodeURIComponent(e.name)}` }, e.name));
    if (typeof e.rating === 'number') li.appendChild(el('span', { class: 'rating' }, ` ${Math.round(e.rating)}`));
    if (e.engine) li.appendChild(el('span', { class: 'tag' }, ` ${t('tournaments.engine')}`));
    if (e.withdrawn) li.appendChild(el('span', { class: 'tag withdrawn' }, ` ${t('tournaments.withdrawn')}`));
    ul.appendChild(li);
  }
  byTest('tournament-entrants-empty').hidden = list.length > 0;
}

function render() {
  if (!shown || !shown.data) return;
  const d = shown.data;
  const tour = d.tournament;
  document.body.dataset.tournamentStatus = tour.status;
  renderHeader(tour);
  renderActions(tour);
  const standings = d.standings || [];
  renderStandings(byTest('tournament-standings'), tour.kind, standings, d.entrants, me());
  byTest('tournament-standings-empty').hidden = standings.length > 0;
  byTest('tournament-standings-wrap').hidden = standings.length === 0;
  byTest('tournament-rounds-title').textContent =
    tour.kind === 'arena' ? t('tournaments.recentGames') : t('tournaments.roundsTitle');
  renderRounds(byTest('tournament-rounds'), d, me());
  renderEntrants(d.entrants);
}

// A new body (the GET's or a push's); pushes carry no "you".
function apply(body) {
  if (!shown || !body || !body.tournament || body.tournament.id !== shown.id) return;
  const data = { ...body };
  delete data.type;
  delete data.you;
  shown.data = data;
  if (body.you) {
    shown.you = body.you;
    shown.youFor = data;
  }
  render();
}

async function fetchTournament() {
  const s = shown;
  try {
    const r = await api.tournament(s.id);
    if (s !== shown) return;
    message('');
    apply(r);
  } catch (e) {
    if (s !== shown) return;
    if (e.status === 404) {
      byTest('tournament-name').textContent = t('tournaments.notFound');
      message('');
    } else message(t('error.load', { error: errorText(e) }));
  }
}

function connect() {
  const s = shown;
  s.conn = new LiveConnection(null, null, {
    path: `/ws/tournament?id=${encodeURIComponent(s.id)}`,
    onState: () => {},
    onStatus: (status) => {
      if (s !== shown) return;
      const c = byTest('tournament-connection');
      c.dataset.state = status;
      c.textContent = t(`conn.${status}`);
    },
    onMessage: (m) => {
      if (s === shown && m.type === 'tournament') apply(m);
    },
  });
}

// Opens the page of tournament id (or re-renders it when it is already shown).
export function showTournament(id) {
  if (shown && shown.id === id) {
    render();
    return;
  }
  closeTournament();
  shown = { id, data: null, you: null, conn: null, asking: false };
  for (const k of ['name', 'facts', 'by', 'status', 'start-time', 'countdown'])
    byTest(`tournament-${k}`).textContent = '';
  byTest('tournament-standings').innerHTML = '';
  byTest('tournament-rounds').innerHTML = '';
  byTest('tournament-entrants').innerHTML = '';
  byTest('tournament-manage').hidden = true;
  for (const k of ['your-game', 'join', 'signin', 'password-form', 'withdraw', 'joined'])
    byTest(`tournament-${k}`).hidden = true;
  byTest('tournament-password-error').textContent = '';
  message('');
  fetchTournament();
  connect();
  tick = setInterval(() => {
    if (document.visibilityState === 'visible') renderClock();
  }, 1000);
}

export function closeTournament() {
  if (shown && shown.conn) shown.conn.close();
  shown = null;
  clearInterval(tick);
  tick = null;
  delete document.body.dataset.tournamentStatus;
}

export function relabelTournament() {
  render();
  const c = byTest('tournament-connection');
  if (c.dataset.state) c.textContent = t(`conn.${c.dataset.state}`);
}

// Someone signed in or out on this page: who may join and manage changes.
export function tournamentSessionChanged() {
  if (shown && isShown('tournament')) fetchTournament();
}

// A request of the page's buttons; the page is fetched again after it (the
// push follows too). onError(text) says a refusal where it belongs.
async function act(verb, body = {}, onError = message) {
  const s = shown;
  if (!s) return false;
  try {
    await api.tournamentAction(s.id, verb, body);
    if (s !== shown) return true;
    onError('');
    await fetchTournament();
    return true;
  } catch (e) {
    if (s === shown) onError(errorText(e));
    return false;
  }
}

async function join() {
  if (!shown || !shown.data) return;
  if (shown.data.tournament.private) {
    shown.asking = true;
    render();
    byTest('tournament-password').focus();
    return;
  }
  await act('join');
}

export function setupTournamentPage() {
  byTest('tournament-join').addEventListener('click', join);
  byTest('tournament-password-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const input = byTest('tournament-password');
    const error = byTest('tournament-password-error');
    const ok = await act('join', { password: input.value }, (text) => {
      error.textContent = text ? t('tournaments.joinRefused', { error: text }) : '';
    });
    if (ok && shown) {
      shown.asking = false;
      input.value = '';
      render();
      byTest('tournament-withdraw').focus();
    } else input.select();
  });
  byTest('tournament-password-cancel').addEventListener('click', () => {
    if (!shown) return;
    shown.asking = false;
    byTest('tournament-password-error').textContent = '';
    render();
    byTest('tournament-join').focus();
  });
  byTest('tournament-withdraw').addEventListener('click', () => act('withdraw'));
  byTest('tournament-add-engine').addEventListener('click', () =>
    act('engines', { level: Number(byTest('tournament-engine-level').value) }),
  );
  byTest('tournament-start').addEventListener('click', () => act('start'));
  byTest('tournament-cancel').addEventListener('click', () => {
    byTest('tournament-cancel-confirm').hidden = false;
    byTest('tournament-cancel-no').focus();
  });
  byTest('tournament-cancel-no').addEventListener('click', () => {
    byTest('tournament-cancel-confirm').hidden = true;
    byTest('tournament-cancel').focus();
  });
  byTest('tournament-cancel-yes').addEventListener('click', async () => {
    byTest('tournament-cancel-confirm').hidden = true;
    await act('cancel');
  });
}
