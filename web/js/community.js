// The community pages (docs/community-api.md): account forms and the header,
// the lobby (live over /ws/lobby), my games, profiles with the rating chart,
// the archive and the live games.
import { api, LiveConnection } from './api.js';
import { t, tn, errorText, fmtDate, fmtDay } from './i18n.js';
import { byTest } from './dom.js';
import { sideName } from './game_text.js';

export const SCREENS = ['auth', 'lobby', 'mygames', 'profile', 'archive', 'live'];
export const session = { user: null };

const NAME_RE = /^[A-Za-z][A-Za-z0-9_-]{2,19}$/;

let hooks = { saveSeat: () => {} };
let current = null;     // {page, params}
let lobbyConn = null;
let lobbyOpen = null;   // the last list of open games
let archiveState = null;

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null) continue;
    if (k === 'class') e.className = v; else e.setAttribute(k, v);
  }
  if (text != null) e.textContent = text;
  return e;
}

// ---------- session and header ----------
export async function setup({ saveSeat }) {
  hooks = { saveSeat };
  try {
    const r = await api.me();
    session.user = (r && r.user) || null;
  } catch { session.user = null; }
  renderHeader();
  setupAuthForms();
  setupLobbyForm();
  byTest('logout').addEventListener('click', async () => {
    try { await api.logout(); } catch (e) { if (e.status !== 401) { alertPage(errorText(e)); return; } }
    session.user = null;
    renderHeader();
    location.hash = '';
  });
  byTest('archive-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const p = byTest('archive-player').value.trim();
    location.hash = p ? `archive&player=${encodeURIComponent(p)}` : 'archive';
  });
  byTest('archive-more').addEventListener('click', () => loadArchive(true));
  byTest('mygames-more').addEventListener('click', () => loadMyGames(true));
}

function alertPage(text) {
  if (current) { const m = byTest(`${current.page}-message`); if (m) m.textContent = text; }
}

let shownUser;
function renderHeader() {
  const u = session.user;
  if (shownUser !== undefined && shownUser !== (u && u.name)) {
    // Another session: forget the lists of the previous one.
    for (const k of ['myturn', 'waiting', 'finished']) byTest(`mygames-${k}`).innerHTML = '';
  }
  shownUser = u && u.name;
  byTest('signed-in').hidden = !u;
  byTest('signed-out').hidden = !!u;
  byTest('mygames-link').hidden = !u;
  const link = byTest('me-link');
  if (u) {
    link.textContent = u.guest ? t('auth.guestName', { name: u.name }) : `${u.name}${typeof u.rating === 'number' ? ` (${Math.round(u.rating)})` : ''}`;
    link.href = u.guest ? '#mygames' : `#profile=${encodeURIComponent(u.name)}`;
    link.title = u.guest ? t('nav.myGames') : t('auth.profileTitle');
  }
  document.body.dataset.user = u ? u.name : '';
  refreshTurnCount();
  if (u && !countTimer) {
    countTimer = setInterval(() => { if (document.visibilityState === 'visible') refreshTurnCount(); }, 30000);
  } else if (!u && countTimer) { clearInterval(countTimer); countTimer = null; }
}

// How many of my games wait for my move, next to "My games": fetched when
// the session is known, every 30 s while the page is visible, and when a
// game I play changes (refreshTurnCount).
let countTimer = null;
let countSeq = 0;
export async function refreshTurnCount() {
  const badge = byTest('mygames-count');
  const u = session.user;
  if (!u) { badge.hidden = true; badge.textContent = ''; return; }
  // The count known so far, in the current language at once; then the news.
  if (badge.dataset.count) badge.setAttribute('aria-label', tn('nav.waiting', Number(badge.dataset.count)));
  if (badge.dataset.count) badge.title = badge.getAttribute('aria-label');
  const seq = ++countSeq;
  try {
    // Only the count is needed: the smallest page (counts cover them all).
    const r = await api.myGames({ limit: 1 });
    if (seq !== countSeq || !session.user) return;
    const n = r.counts && typeof r.counts.my_turn === 'number' ? r.counts.my_turn
      : Array.isArray(r.my_turn) ? r.my_turn.length : 0;
    badge.dataset.count = String(n);
    badge.textContent = String(n);
    badge.hidden = n === 0;
    badge.setAttribute('aria-label', tn('nav.waiting', n));
    badge.title = tn('nav.waiting', n);
  } catch { /* keep the last count */ }
}

export async function refreshMe() {
  try { const r = await api.me(); session.user = (r && r.user) || null; } catch { /* keep */ }
  renderHeader();
}

// ---------- routing ----------
export function routeOf(h) {
  if (h.has('login') || h.has('signup') || h.has('guest')) return 'auth';
  for (const p of ['lobby', 'mygames', 'profile', 'archive', 'live']) if (h.has(p)) return p;
  return null;
}

let refreshTimer = null;
export function show(page, params) {
  if (page !== 'lobby') closeLobby();
  clearInterval(refreshTimer);
  refreshTimer = null;
  // My games and the live games are lists that change: fetched again every 20 s.
  if (page === 'mygames' || page === 'live') {
    refreshTimer = setInterval(() => {
      if (document.visibilityState !== 'visible' || !current || current.page !== page) return;
      if (page === 'mygames') loadMyGames(); else loadLive();
    }, 20000);
  }
  current = { page, params };
  const m = byTest(`${page}-message`);
  if (m) m.textContent = '';
  if (page === 'auth') showAuth(params);
  else if (page === 'lobby') showLobby();
  else if (page === 'mygames') loadMyGames();
  else if (page === 'profile') loadProfile(params.get('profile') || '');
  else if (page === 'archive') { byTest('archive-player').value = params.get('player') || ''; loadArchive(false); }
  else if (page === 'live') loadLive();
}

export function leave() {
  closeLobby();
  clearInterval(refreshTimer);
  refreshTimer = null;
  current = null;
}

// Re-renders the dynamic text after a language switch.
export function relabel() {
  renderHeader();
  if (!current) return;
  if (current.page === 'lobby') { renderLobby(lobbyOpen); syncLobbyForm(); setLobbyStatus(byTest('lobby-connection').dataset.state); } else if (current.page !== 'auth') show(current.page, current.params);
}

// ---------- words for clocks and games ----------
export function clockText(c) {
  if (!c) return t('clock.untimed');
  if (c.type === 'realtime') {
    if (c.initial < 60) return t('clock.rtSeconds', { sec: c.initial, inc: c.increment || 0 });
    const min = c.initial % 60 === 0 ? String(c.initial / 60) : (c.initial / 60).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
    return t('clock.rtShort', { min, inc: c.increment || 0 });
  }
  if (c.type === 'correspondence') return tn('clock.days', c.days);
  return t('clock.untimed');
}

// started: whether the seat can still be free (a game not yet started);
// otherwise an empty seat was taken by someone without an account.
function playerNode(p, started = false) {
  if (!p) return started ? el('span', { class: 'anonymous' }, t('player.anonymous')) : el('span', { class: 'nobody' }, t('player.nobody'));
  const wrap = el('span', { class: 'pl' });
  if (!p.guest && p.name) wrap.appendChild(el('a', { href: `#profile=${encodeURIComponent(p.name)}` }, p.name));
  else wrap.appendChild(el('span', {}, p.guest ? t('auth.guestName', { name: p.name }) : p.name));
  if (typeof p.rating === 'number') wrap.appendChild(el('span', { class: 'r' }, ` (${Math.round(p.rating)})`));
  return wrap;
}

function resultWords(g) {
  if (g.result === 'ongoing') return g.to_move === 'none' ? '' : t('summary.toMove', { side: sideName(g.to_move) });
  const sc = g.score ? `${g.score.white}–${g.score.black}` : '';
  let r = g.result === 'draw' ? t('result.draw', { score: sc }) : t('result.wins', { side: sideName(g.result), score: sc });
  if (g.end === 'time') r += ` · ${t('summary.onTime')}`;
  else if (g.end === 'resignation') r += ` · ${t('summary.byResignation')}`;
  return r;
}

// One game in a list: players, clock, rated, result, links.
function gameItem(g, { link = 'game', mine = false } = {}) {
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
  const href = link === 'watch' ? `#watch=${g.id}` : `#game=${g.id}`;
  const open = el('a', { href, 'data-testid': 'game-open', class: 'button small' },
    g.result !== 'ongoing' ? t('summary.replay') : mine ? t('summary.play') : t('summary.watch'));
  links.appendChild(open);
  if (g.result !== 'ongoing') {
    links.appendChild(el('a', { href: api.recordUrl(g.id), download: `dvonn-${g.id}.txt`, 'data-testid': 'game-download', class: 'button small' }, t('summary.download')));
  }
  li.appendChild(links);
  return li;
}

function fillList(ul, games, opts, emptyKey) {
  ul.innerHTML = '';
  if (!games || !games.length) { ul.appendChild(el('li', { class: 'empty' }, t(emptyKey))); return; }
  for (const g of games) ul.appendChild(gameItem(g, opts));
}

// A further page of a list filled by fillList (its "none" line goes).
function appendList(ul, games, opts) {
  if (!games || !games.length) return;
  for (const e of ul.querySelectorAll('li.empty')) e.remove();
  for (const g of games) ul.appendChild(gameItem(g, opts));
}

// ---------- account forms ----------
function showAuth(params) {
  const which = params.has('signup') ? 'signup' : params.has('guest') ? 'guest' : 'login';
  for (const f of ['login', 'signup', 'guest']) byTest(`${f}-error`).textContent = '';
  byTest('auth-message').textContent = session.user ? t('auth.already', { name: session.user.name }) : '';
  const input = byTest(`${which}-name`);
  setTimeout(() => input.focus(), 0);
}

function authError(kind, e) {
  if (e.status === 0) return errorText(e);
  if (e.status === 429) return t('auth.err.tooMany');
  if (kind === 'login' && e.status === 401) return t('auth.err.wrong');
  if (kind !== 'login' && e.status === 409) return t('auth.err.taken');
  if (e.status === 404) return t('error.unavailable');
  return t('error.server', { error: e.message });
}

function checkName(name) {
  if (!NAME_RE.test(name)) return t('auth.err.name');
  if (/^engine/i.test(name)) return t('auth.err.reserved');
  return null;
}

function afterLogin(user) {
  session.user = user;
  renderHeader();
  location.hash = 'lobby';
}

function setupAuthForms() {
  const bind = (kind, send) => {
    const form = byTest(`${kind}-form`);
    const err = byTest(`${kind}-error`);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      err.textContent = '';
      const name = form.elements.name.value.trim();
      const pw = form.elements.password ? form.elements.password.value : null;
      let problem = null;
      if (!name) problem = t('auth.err.noName');
      else if (kind !== 'login') problem = checkName(name);
      if (!problem && kind === 'login' && !pw) problem = t('auth.err.noPassword');
      if (!problem && kind === 'signup' && (new TextEncoder().encode(pw).length < 8 || pw.length > 128)) problem = t('auth.err.password');
      if (problem) { err.textContent = problem; return; }
      const btn = form.querySelector('button[type=submit]');
      btn.disabled = true;
      try {
        const r = await send(name, pw);
        form.reset();
        afterLogin(r.user);
      } catch (e) {
        err.textContent = authError(kind, e);
      } finally { btn.disabled = false; }
    });
  };
  bind('login', (n, p) => api.login(n, p));
  bind('signup', (n, p) => api.signup(n, p));
  bind('guest', (n) => api.guest(n));
}

// ---------- lobby ----------
function setLobbyStatus(s) {
  const c = byTest('lobby-connection');
  c.dataset.state = s || 'connecting';
  c.textContent = t(`conn.${c.dataset.state}`);
}

function showLobby() {
  syncLobbyForm();
  byTest('lobby-error').textContent = '';
  if (!lobbyConn) {
    lobbyConn = new LiveConnection(null, null, {
      path: '/ws/lobby',
      onState: () => {},
      onStatus: setLobbyStatus,
      onMessage: (m) => {
        // The whole list on connect, then each change.
        if (m.type === 'lobby' && Array.isArray(m.open)) renderLobby(m.open);
        else if (m.type === 'lobby-open' && m.game && lobbyOpen) renderLobby(withOpenGame(lobbyOpen, m.game));
        else if (m.type === 'lobby-closed' && lobbyOpen) renderLobby(lobbyOpen.filter((g) => g.id !== m.id));
      },
    });
  }
  api.lobby().then((r) => { if (current && current.page === 'lobby' && r && Array.isArray(r.open) && !lobbyOpen) renderLobby(r.open); })
    .catch((e) => { byTest('lobby-message').textContent = t('lobby.loadFailed', { error: errorText(e) }); });
  renderLobby(lobbyOpen);
}

function closeLobby() {
  if (lobbyConn) { lobbyConn.close(); lobbyConn = null; }
  lobbyOpen = null;
}

// The list with a game added (or replaced), oldest first like the server's.
function withOpenGame(list, game) {
  const next = list.filter((g) => g.id !== game.id);
  next.push(game);
  next.sort((a, b) => (a.created - b.created) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return next;
}

function renderLobby(open) {
  if (open) lobbyOpen = open;
  const body = byTest('lobby-list');
  body.innerHTML = '';
  const list = lobbyOpen || [];
  byTest('lobby-empty').hidden = list.length > 0 || !lobbyOpen;
  const me = session.user && session.user.name.toLowerCase();
  for (const g of list) {
    const tr = el('tr', { 'data-testid': 'lobby-row', 'data-id': g.id, 'data-creator': g.creator ? g.creator.name : '' });
    const c = g.creator || {};
    // data-label: the column's name, shown in each cell when a narrow
    // screen lays the rows out as cards (no sideways scrolling).
    const td1 = el('td', { 'data-label': t('col.player') });
    td1.appendChild(playerNode(c.name ? { ...c, rating: null } : null));
    tr.appendChild(td1);
    tr.appendChild(el('td', { 'data-label': t('col.rating') }, typeof c.rating === 'number' ? String(Math.round(c.rating)) : '–'));
    tr.appendChild(el('td', { 'data-label': t('col.clock') }, clockText(g.clock)));
    tr.appendChild(el('td', { 'data-label': t('col.rated') }, g.rated ? t('common.yes') : t('common.no')));
    tr.appendChild(el('td', { 'data-label': t('col.colour') }, g.color === 'white' || g.color === 'black' ? sideName(g.color) : t('home.colour.random')));
    const act = el('td', { class: 'action' });
    if (me && c.name && c.name.toLowerCase() === me) {
      const b = el('button', { type: 'button', 'data-testid': 'lobby-cancel', class: 'small' }, t('lobby.cancel'));
      b.addEventListener('click', () => cancelGame(g.id, b));
      const open = el('a', { href: `#game=${g.id}`, class: 'button small', 'data-testid': 'lobby-open' }, t('lobby.openMine'));
      act.append(open, ' ', b);
    } else {
      const b = el('button', { type: 'button', 'data-testid': 'lobby-join', class: 'small primary' }, t('lobby.join'));
      b.setAttribute('aria-label', t('lobby.joinAria', { name: c.name || '' }));
      b.addEventListener('click', () => joinGame(g, b));
      act.appendChild(b);
      if (g.rated && session.user && session.user.guest) {
        // Said in words next to the button, not only in a hover title.
        b.disabled = true;
        const why = el('small', { class: 'why', id: `why-${g.id}`, 'data-testid': 'lobby-join-why' }, t('lobby.ratedNeedsAccount'));
        b.setAttribute('aria-describedby', why.id);
        act.appendChild(why);
      }
    }
    tr.appendChild(act);
    body.appendChild(tr);
  }
}

async function joinGame(g, btn) {
  const msg = byTest('lobby-message');
  msg.textContent = '';
  if (!session.user) { msg.textContent = t('lobby.loginFirst'); return; }
  btn.disabled = true;
  try {
    const r = await api.lobbyJoin(g.id);
    hooks.saveSeat(r.id || g.id, r.seat, r.token, 'online');
    location.hash = `game=${r.id || g.id}`;
  } catch (e) {
    msg.textContent = e.status === 401 ? t('lobby.loginFirst') : e.status === 409 ? t('lobby.err.gone', { error: e.message })
      : t('lobby.err.join', { error: errorText(e) });
    btn.disabled = false;
  }
}

async function cancelGame(id, btn) {
  const msg = byTest('lobby-message');
  msg.textContent = '';
  btn.disabled = true;
  try {
    await api.lobbyCancel(id);
    if (lobbyOpen) renderLobby(lobbyOpen.filter((g) => g.id !== id));
  } catch (e) {
    msg.textContent = t('lobby.err.cancel', { error: errorText(e) });
    btn.disabled = false;
  }
}

function syncLobbyForm() {
  const form = byTest('lobby-form');
  const clock = form.elements.clock.value;
  form.querySelector('.realtime-only').hidden = clock !== 'realtime';
  form.querySelector('.corr-only').hidden = clock !== 'correspondence';
  const u = session.user;
  const note = byTest('lobby-login-note');
  note.hidden = !!u;
  form.elements.rated.disabled = !u || u.guest;
  if (form.elements.rated.disabled) form.elements.rated.checked = false;
  byTest('lobby-create').disabled = !u;
}

function setupLobbyForm() {
  const form = byTest('lobby-form');
  form.addEventListener('change', syncLobbyForm);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = byTest('lobby-error');
    err.textContent = '';
    if (!session.user) { err.textContent = t('lobby.loginFirst'); return; }
    const opts = { color: form.elements.color.value, rated: form.elements.rated.checked, clock: null };
    const kind = form.elements.clock.value;
    if (kind === 'realtime') {
      const min = Number(form.elements.minutes.value);
      const inc = Number(form.elements.increment.value);
      const initial = Math.round(min * 60);
      if (!Number.isFinite(min) || initial < 15 || initial > 10800) { err.textContent = t('lobby.err.minutes'); return; }
      if (!Number.isInteger(inc) || inc < 0 || inc > 60) { err.textContent = t('lobby.err.increment'); return; }
      opts.clock = { type: 'realtime', initial, increment: inc };
    } else if (kind === 'correspondence') {
      const days = Number(form.elements.days.value);
      if (!Number.isInteger(days) || days < 1 || days > 14) { err.textContent = t('lobby.err.days'); return; }
      opts.clock = { type: 'correspondence', days };
    }
    const btn = byTest('lobby-create');
    btn.disabled = true;
    try {
      const r = await api.lobbyCreate(opts);
      hooks.saveSeat(r.id, r.seat, r.token, 'online');
      location.hash = `game=${r.id}`;
    } catch (e) {
      err.textContent = e.status === 401 ? t('lobby.loginFirst') : e.status === 409 ? t('lobby.err.tooMany', { error: e.message })
        : t('lobby.err.create', { error: errorText(e) });
    } finally { btn.disabled = false; }
  });
}

// ---------- my games ----------
// The unfinished games come a page at a time ("More games" asks for the
// next); the finished ones are the latest (the archive has them all).
let myGamesNext = null;
async function loadMyGames(more) {
  const msg = byTest('mygames-message');
  const btn = byTest('mygames-more');
  if (!session.user) {
    for (const k of ['myturn', 'waiting', 'finished']) byTest(`mygames-${k}`).innerHTML = '';
    btn.hidden = true;
    msg.textContent = t('mygames.loginFirst');
    return;
  }
  btn.disabled = true;
  try {
    const r = await api.myGames({ offset: more ? myGamesNext : undefined });
    if (!current || current.page !== 'mygames') return;
    msg.textContent = '';
    if (more) {
      appendList(byTest('mygames-myturn'), r.my_turn, { mine: true });
      appendList(byTest('mygames-waiting'), r.waiting, { mine: true });
    } else {
      fillList(byTest('mygames-myturn'), r.my_turn, { mine: true }, 'mygames.noneMyTurn');
      fillList(byTest('mygames-waiting'), r.waiting, { mine: true }, 'mygames.noneWaiting');
      fillList(byTest('mygames-finished'), r.finished, { mine: true }, 'mygames.noneFinished');
    }
    myGamesNext = r.more ? r.next : null;
    btn.hidden = !r.more;
  } catch (e) {
    msg.textContent = e.status === 401 ? t('mygames.loginFirst') : t('error.load', { error: errorText(e) });
  } finally { btn.disabled = false; }
}

// ---------- profile ----------
async function loadProfile(name) {
  const msg = byTest('profile-message');
  byTest('profile-name').textContent = name;
  byTest('profile-body').hidden = true;
  if (!name) { msg.textContent = t('profile.notFound'); return; }
  let r;
  try { r = await api.user(name); } catch (e) {
    msg.textContent = e.status === 404 ? t('profile.notFound') : t('error.load', { error: errorText(e) });
    return;
  }
  if (!current || current.page !== 'profile') return;
  const u = r.user || {};
  byTest('profile-body').hidden = false;
  byTest('profile-name').textContent = u.guest ? t('auth.guestName', { name: u.name }) : u.name;
  byTest('profile-rating').textContent = typeof u.rating === 'number' ? String(Math.round(u.rating)) : '–';
  byTest('profile-rating').dataset.rating = typeof u.rating === 'number' ? String(u.rating) : '';
  byTest('profile-provisional').hidden = !u.provisional;
  byTest('profile-deviation').textContent = typeof u.deviation === 'number'
    ? tn('profile.deviation', u.games ?? 0, { rd: Math.round(u.deviation) }) : '';
  const rec = r.record || { wins: 0, draws: 0, losses: 0 };
  const recEl = byTest('profile-record');
  recEl.textContent = t('profile.recordText', { w: rec.wins, d: rec.draws, l: rec.losses });
  recEl.dataset.wins = rec.wins; recEl.dataset.draws = rec.draws; recEl.dataset.losses = rec.losses;
  drawChart(byTest('rating-chart'), r.rating_history || []);
  fillList(byTest('profile-games'), r.recent_games, { link: 'watch' }, 'profile.noGames');
}

// The rating after each game, as a line with the deviation as a band.
function drawChart(svg, hist) {
  const NS = 'http://www.w3.org/2000/svg';
  svg.innerHTML = '';
  const mk = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  if (!hist.length) {
    svg.setAttribute('aria-label', t('profile.noHistory'));
    mk('text', { x: 200, y: 100, 'text-anchor': 'middle', class: 'chart-empty' }, t('profile.noHistory'));
    return;
  }
  const pts = [{ rating: 1500, deviation: 350, time: null }, ...hist];
  const lo = Math.min(...pts.map((p) => p.rating - (p.deviation || 0) * 0.5));
  const hi = Math.max(...pts.map((p) => p.rating + (p.deviation || 0) * 0.5));
  const min = Math.floor(lo / 50) * 50, max = Math.max(Math.ceil(hi / 50) * 50, min + 100);
  const L = 44, R = 390, T = 10, B = 180;
  const x = (i) => L + (pts.length === 1 ? 0 : (i * (R - L)) / (pts.length - 1));
  const y = (v) => B - ((v - min) * (B - T)) / (max - min);
  for (const v of [min, (min + max) / 2, max]) {
    mk('line', { x1: L, x2: R, y1: y(v), y2: y(v), class: 'chart-grid' });
    mk('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-label' }, String(Math.round(v)));
  }
  const band = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + (p.deviation || 0) * 0.5).toFixed(1)}`)
    .concat(pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - (p.deviation || 0) * 0.5).toFixed(1)}`).reverse());
  mk('polygon', { points: band.join(' '), class: 'chart-band' });
  mk('polyline', { points: pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '), class: 'chart-line' });
  pts.forEach((p, i) => {
    const c = mk('circle', { cx: x(i), cy: y(p.rating), r: 3.5, class: 'chart-dot' });
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${Math.round(p.rating)}${p.time ? ` · ${fmtDate(p.time)}` : ''}`;
    c.appendChild(title);
  });
  const last = hist[hist.length - 1];
  svg.setAttribute('aria-label', tn('profile.chartLabel', hist.length, { rating: Math.round(last.rating) }));
}

// ---------- archive ----------
async function loadArchive(more) {
  const ul = byTest('archive-list');
  const msg = byTest('archive-message');
  const player = current && current.params ? current.params.get('player') || '' : '';
  if (!more) { archiveState = { player, next: null }; ul.innerHTML = ''; }
  msg.textContent = '';
  const btn = byTest('archive-more');
  btn.disabled = true;
  try {
    const r = await api.archive({ player: archiveState.player || undefined, before: more ? archiveState.next : undefined, limit: 20 });
    if (!current || current.page !== 'archive') return;
    for (const g of r.games || []) ul.appendChild(gameItem(g, { link: 'watch' }));
    archiveState.next = r.next || null;
    btn.hidden = !r.next;
    if (!ul.children.length) ul.appendChild(el('li', { class: 'empty' }, player ? t('archive.noneFor', { name: player }) : t('archive.none')));
  } catch (e) {
    msg.textContent = t('error.load', { error: errorText(e) });
  } finally { btn.disabled = false; }
}

// ---------- live games ----------
async function loadLive() {
  const ul = byTest('live-list');
  try {
    const r = await api.live();
    if (!current || current.page !== 'live') return;
    byTest('live-message').textContent = '';
    fillList(ul, r.games, { link: 'watch' }, 'live.none');
  } catch (e) {
    byTest('live-message').textContent = t('error.load', { error: errorText(e) });
  }
}
