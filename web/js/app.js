// The DVONN web UI: new games, the board, moves, history, live updates,
// clocks, resigning; the community pages live in community.js.
import * as Rules from './rules.js';
import { api, ApiError, LiveConnection } from './api.js';
import { Board, describeStack } from './board.js';
import { t, tn, initI18n, applyI18n, mountLanguageSwitch, onLanguageChange, errorText, fmtDate } from './i18n.js';
import * as Community from './community.js';

await initI18n();

const $ = (sel, root = document) => root.querySelector(sel);
const byTest = (id) => document.querySelector(`[data-testid="${id}"]`);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const sideName = (side) => t(`side.${cap(side)}`);
const other = (side) => (side === 'white' ? 'black' : 'white');

// ---------- tokens, kept per game id ----------
const STORE = 'dvonn:game:';
function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem(STORE + id)); } catch { return null; }
}
function saveSeat(id, seat, token, mode) {
  try { localStorage.setItem(STORE + id, JSON.stringify({ seat, token, mode, saved: Date.now() })); } catch { /* private mode */ }
}
function savedGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(STORE)) continue;
    try { out.push({ id: k.slice(STORE.length), ...JSON.parse(localStorage.getItem(k)) }); } catch { /* skip */ }
  }
  return out.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

// ---------- message line ----------
let messageTimer = null;
function say(text, kind = 'info') {
  const m = byTest('message');
  m.textContent = text;
  m.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (kind === 'info' && text) messageTimer = setTimeout(() => { if (m.textContent === text) m.textContent = ''; }, 8000);
}

// ---------- the game being shown ----------
let game = null;   // {id, seat, token, watch, state, conn, hist, start, viewIndex, selected, hint, pending}
let board = null;

function mySeatLabel() {
  if (!game.seat) return game.watch ? t('seat.watching') : t('seat.watchingFull');
  if (game.seat === 'both') return t('seat.both');
  return t('seat.youPlay', { side: sideName(game.seat) });
}

function isMyTurn() {
  const st = game.state;
  if (!game.seat || st.result !== 'ongoing' || st.phase === 'over') return false;
  return game.seat === 'both' || game.seat === st.to_move;
}

function seatName(side) {
  const st = game.state;
  const seat = st.seats && st.seats[side];
  const pl = st.players && st.players[side];
  if (st.mode === 'local') return sideName(side);
  if (seat && seat.kind === 'engine') return t('player.engine', { level: seat.level || st.level || '?' });
  if (pl && pl.name) return game.seat === side ? t('player.youNamed', { name: pl.name }) : pl.name;
  if (game.seat === side) return t('player.you');
  if (seat && seat.taken === false) return t('player.waiting');
  return st.mode === 'online' ? (game.seat ? t('player.friend') : t('player.player')) : t('player.player');
}

function piecesLeft(placed) {
  return { white: 25 - Math.ceil(placed / 2), black: 24 - Math.floor(placed / 2) };
}

function pieceWord(piece) {
  return t(`piece.${piece === 'dvonn' ? 'dvonn' : piece === 'black' ? 'black' : 'white'}`);
}

function resultText(st, sc) {
  const s = `${sc.white}–${sc.black}`;
  if (st.result === 'draw') return t('result.draw', { score: s });
  if (st.result === 'white' || st.result === 'black') return t('result.wins', { side: sideName(st.result), score: s });
  return '';
}

function endText(st) {
  if (!st.end) return '';
  if (st.end === 'time') return st.result === 'white' || st.result === 'black' ? t('end.time', { side: sideName(other(st.result)) }) : t('end.timeDraw');
  if (st.end === 'resignation') return st.result === 'white' || st.result === 'black' ? t('end.resignation', { side: sideName(other(st.result)) }) : '';
  if (st.end === 'count') return t('end.count');
  return '';
}

function isOver(st) { return st.phase === 'over' || st.result !== 'ongoing'; }

// Whether the final count decided the game (not a resignation or time).
function countDecided(st) { return !st.end || st.end === 'count'; }

function shortResult(st) {
  return st.result === 'draw' ? t('result.drawShort') : t('result.winsShort', { side: sideName(st.result) });
}

// ---------- clocks ----------
// A real-time clock counts down from the state's white_ms/black_ms, as of the
// state's server_time; the time since the state arrived is taken off the
// running side (so a wrong local clock does not matter).
function fmtClock(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return `0:${(ms / 1000).toFixed(1).padStart(4, '0')}`;
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
}

function fmtLeft(ms) {
  ms = Math.max(0, ms);
  const mins = Math.floor(ms / 60000);
  const d = Math.floor(mins / 1440), h = Math.floor((mins % 1440) / 60), m = mins % 60;
  if (d) return t('clock.leftDays', { d, h });
  if (h) return t('clock.leftHours', { h, m });
  return t('clock.leftMinutes', { m });
}

function clockMs(side) {
  const c = game.state.clock;
  let ms = c[`${side}_ms`];
  if (c.running === side && !isOver(game.state)) ms -= performance.now() - game.clockAt;
  return ms;
}

let clockTimer = null;
function renderClocks() {
  if (!game || !game.state) return;
  const st = game.state;
  const c = st.clock;
  for (const side of ['white', 'black']) {
    const el = byTest(`clock-${side}`);
    if (!c || (c.type !== 'realtime' && c.type !== 'correspondence')) { el.hidden = true; continue; }
    el.hidden = false;
    const running = c.running === side && !isOver(st);
    el.classList.toggle('running', running);
    el.classList.toggle('corr', c.type === 'correspondence');
    if (c.type === 'realtime') {
      const ms = clockMs(side);
      el.textContent = fmtClock(ms);
      el.dataset.ms = String(Math.max(0, Math.round(ms)));
      el.classList.toggle('low', ms < Math.min(20000, c.initial * 1000 * 0.2 + 1));
      el.setAttribute('aria-label', t('clock.aria', { side: sideName(side), time: fmtClock(ms) }));
      if (running && ms <= 0 && !game.flagAsked) {
        // The server ends the game on time; ask for the state in case the
        // socket message was lost.
        game.flagAsked = true;
        const g = game;
        setTimeout(() => { if (g === game) api.getState(g.id).then((s) => applyState(s, 'get')).catch(() => {}); }, 1500);
      }
    } else {
      const ms = c.deadline != null ? c.deadline - (c.server_time + (performance.now() - game.clockAt)) : null;
      el.textContent = running && ms != null ? fmtLeft(ms) : t('clock.perMove', { n: c.days });
      el.classList.toggle('low', running && ms != null && ms < 6 * 3600 * 1000);
    }
  }
}

function syncClockTimer() {
  const live = game && game.state && game.state.clock && game.state.clock.running && !isOver(game.state);
  if (live && !clockTimer) clockTimer = setInterval(renderClocks, 100);
  else if (!live && clockTimer) { clearInterval(clockTimer); clockTimer = null; }
  renderClocks();
}

// The position shown: live (from the server) or one from the history.
function shownView() {
  const st = game.state;
  if (game.viewIndex == null || !game.hist) {
    return {
      live: true, stacks: st.stacks, removed: st.removed || {}, lastMove: st.last_move,
      legal: st.legal || [], phase: st.phase, toMove: st.to_move,
    };
  }
  const h = game.hist[game.viewIndex];
  const p = h.position;
  return {
    live: false, stacks: p.stacks, removed: h.removed, lastMove: h.move, legal: Rules.legalMoves(p),
    phase: p.phase, toMove: p.toMove,
  };
}

function targetsOf(sq) {
  return new Set(game.state.legal.filter((m) => m.length === 4 && m.startsWith(sq)).map((m) => m.slice(2)));
}

function render() {
  if (!game || !game.state) return;
  const st = game.state;
  const view = shownView();
  const mine = isMyTurn() && view.live;
  byTest('seat').textContent = mySeatLabel();
  document.body.dataset.version = String(st.version);
  document.body.dataset.phase = st.phase;
  document.body.dataset.toMove = st.to_move;
  document.body.dataset.myTurn = mine ? 'true' : 'false';

  // Players: names, ratings, score, pieces left, turn.
  const left = piecesLeft(st.placed || 0);
  for (const side of ['white', 'black']) {
    const row = byTest(`player-${side}`);
    row.classList.toggle('to-move', st.to_move === side && st.phase !== 'over');
    const nameEl = $('.name', row);
    const pl = st.players && st.players[side];
    nameEl.textContent = '';
    if (pl && pl.name && !pl.guest) {
      const a = document.createElement('a');
      a.href = `#profile=${encodeURIComponent(pl.name)}`;
      a.textContent = seatName(side);
      nameEl.appendChild(a);
    } else nameEl.textContent = seatName(side);
    byTest(`rating-${side}`).textContent = pl && typeof pl.rating === 'number' ? String(Math.round(pl.rating)) : '';
    $('.side', row).hidden = seatName(side) === sideName(side);
    byTest(`score-${side}`).textContent = String(st.score ? st.score[side] : 0);
    byTest(`left-${side}`).textContent = st.phase === 'placement' ? t('game.toPlace', { n: left[side] }) : '';
  }
  syncClockTimer();

  // Phase and whose turn.
  const phase = byTest('phase');
  if (st.phase === 'placement') phase.textContent = t('phase.placement', { n: st.placed });
  else if (st.phase === 'movement') phase.textContent = t('phase.movement');
  else phase.textContent = t('game.over');
  const status = byTest('status');
  const toMove = st.to_move;
  let text;
  if (isOver(st)) {
    // The count is named only when it decided the game (not after a
    // resignation or a loss on time, when it says nothing about the winner).
    text = countDecided(st) ? t('status.over', { result: resultText(st, st.score) })
      : t('status.overHow', { result: shortResult(st), how: endText(st) });
  }
  else {
    const what = st.phase === 'placement' ? t('what.place', { piece: pieceWord(st.next_piece || toMove) })
      : (st.legal.length === 1 && st.legal[0] === 'PASS') ? t('what.pass') : t(`what.move.${toMove}`);
    const seat = st.seats && st.seats[toMove];
    const oppSeat = st.seats && game.seat && game.seat !== 'both' && st.seats[other(game.seat)];
    const alone = oppSeat && oppSeat.kind === 'human' && oppSeat.taken === false ? t('status.friendNotJoined') : '';
    const myTurn = isMyTurn();
    const side = sideName(toMove);
    if (myTurn && game.seat !== 'both') text = t('status.yourTurn', { what }) + alone;
    else if (myTurn) text = t('status.sideTo', { side, what });
    else if (seat && seat.kind === 'engine') text = t('status.engineThinking', { side });
    else if (seat && seat.taken === false) text = t('status.waitingFriend', { side });
    else if (game.seat && game.seat !== 'both') text = t('status.waitingOpponent', { side, what });
    else text = t('status.sideTo', { side, what });
  }
  status.textContent = text;
  updateTurnAlert();

  // Board.
  let targets = new Set(), selectable = new Set();
  if (mine && st.phase === 'movement') {
    if (game.selected) targets = targetsOf(game.selected);
    for (const m of st.legal) if (m.length === 4) selectable.add(m.slice(0, 2));
  }
  board.render({
    stacks: view.stacks, removed: view.removed, lastMove: view.lastMove, legal: view.live ? st.legal : view.legal,
    selected: view.live ? game.selected : null, targets, selectable: view.live ? selectable : new Set(),
    hint: view.live ? game.hint : [], placementTarget: mine && st.phase === 'placement',
  });
  byTest('board').classList.toggle('interactive', mine);
  const animate = game.animate;
  game.animate = null;
  if (animate && view.live) board.animateMove(animate, view.stacks);

  // Removed stacks: what was lost and why.
  const removedNote = byTest('removed-note');
  const rem = Object.keys(view.removed || {}).sort();
  if (rem.length) {
    const pieces = rem.reduce((n, s) => n + view.removed[s].length, 0);
    removedNote.textContent = tn('game.removed', pieces, { squares: rem.join(', ') });
    removedNote.hidden = false;
  } else {
    removedNote.textContent = '';
    removedNote.hidden = true;
  }

  // Pass button.
  byTest('pass').hidden = !(mine && st.legal.length === 1 && st.legal[0] === 'PASS');

  // Controls.
  const canHelp = !!game.seat && st.mode !== 'online' && !st.rated;
  const canResign = (game.seat === 'white' || game.seat === 'black') && (st.mode === 'online' || st.mode === 'engine') &&
    st.started !== false && !isOver(st) && !(st.seats && ['white', 'black'].some((s) => st.seats[s] && st.seats[s].taken === false));
  byTest('resign').hidden = !canResign;
  byTest('resign').disabled = game.pending;
  if (!canResign) byTest('resign-confirm').hidden = true;
  byTest('undo').hidden = !canHelp;
  byTest('hint').hidden = !canHelp;
  byTest('undo').disabled = !canHelp || !st.moves.length || game.pending || isOver(st);
  byTest('hint').disabled = !canHelp || !mine || game.pending;
  byTest('move-form').hidden = !game.seat || st.result !== 'ongoing';
  // Alerts matter to a player waiting for someone else, not on one screen.
  byTest('alerts').hidden = !(game.seat === 'white' || game.seat === 'black') || isOver(st);
  byTest('export').href = api.recordUrl(game.id);
  byTest('export').setAttribute('download', `dvonn-${game.id}.txt`);

  // Links: invitation (online, a free seat) and spectators.
  const base = `${location.origin}${location.pathname}`;
  const free = st.mode === 'online' && ['white', 'black'].some((s) => st.seats && st.seats[s] && st.seats[s].taken === false);
  byTest('invite').hidden = !(free && game.seat);
  byTest('invite-link').value = `${base}#game=${game.id}`;
  byTest('watch-link').value = `${base}#watch=${game.id}`;

  // Game over panel.
  const over = byTest('game-over');
  if (isOver(st)) {
    over.hidden = false;
    over.dataset.end = st.end || '';
    over.dataset.result = st.result;
    let you = '';
    if (game.seat === 'white' || game.seat === 'black') {
      you = st.result === 'draw' ? t('over.draw') : st.result === game.seat ? t('over.won') : t('over.lost');
    }
    $('.result', over).textContent = countDecided(st) ? resultText(st, st.score) : shortResult(st);
    byTest('game-end').textContent = endText(st);
    const count = countDecided(st) ? t('over.count', { white: st.score.white, black: st.score.black }) : '';
    $('.detail', over).textContent = `${you} ${count}`.trim();
    const rc = byTest('rating-changes');
    rc.innerHTML = '';
    const ch = st.rating_changes;
    rc.hidden = !ch;
    if (ch) {
      // The header shows the player's own rating: fetch the new one once.
      if ((game.seat === 'white' || game.seat === 'black') && game.ratedEndSeen !== game.id) {
        game.ratedEndSeen = game.id;
        Community.refreshMe();
      }
      for (const side of ['white', 'black']) {
        if (!ch[side]) continue;
        const li = document.createElement('li');
        const d = ch[side].after - ch[side].before;
        const name = (st.players && st.players[side] && st.players[side].name) || sideName(side);
        li.dataset.side = side;
        li.dataset.after = String(ch[side].after);
        li.textContent = t('over.ratingChange', {
          name, before: Math.round(ch[side].before), after: Math.round(ch[side].after),
          diff: `${d >= 0 ? '+' : '−'}${Math.abs(Math.round(d))}`,
        });
        rc.appendChild(li);
      }
    }
  } else over.hidden = true;

  renderMoveList();
  renderHistory();
}

// Who played each move. The start is known once the history is loaded; until
// then it is worked out from the state (placements so far, side to move).
function movers() {
  const st = game.state;
  let start = game.start;
  if (!start) {
    const placements = st.moves.filter((m) => m.length === 2 && m !== 'PASS').length;
    if (placements || st.phase === 'placement') {
      const placed = Math.max(0, (st.placed || 0) - placements);
      start = { phase: 'placement', placed, toMove: placed % 2 === 0 ? 'white' : 'black' };
    } else {
      const last = st.to_move === 'white' || st.to_move === 'black' ? st.to_move : null;
      const first = last && st.moves.length % 2 === 1 ? other(last) : last || 'white';
      start = { phase: 'movement', placed: 49, toMove: first };
    }
  }
  return Rules.moversOf(start, st.moves);
}

function renderMoveList() {
  const st = game.state;
  const list = byTest('move-list');
  const cur = game.viewIndex == null ? st.moves.length : game.viewIndex;
  list.innerHTML = '';
  const sides = movers();
  for (const row of Rules.moveRows(sides)) {
    if (row.white != null && row.white === sides.movementFrom && row.white > 0) {
      // White placed the last piece and moves first: say so where it happens.
      const note = document.createElement('li');
      note.className = 'phase-note';
      note.textContent = t('moves.movementStarts');
      list.appendChild(note);
    }
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${row.num}.`;
    li.appendChild(num);
    for (const side of ['white', 'black']) {
      const j = row[side];
      if (j == null) {
        if (side === 'black' && row.white === st.moves.length - 1 && st.to_move !== 'white') break;  // Black to reply
        const gap = document.createElement('span');
        gap.className = 'gap';
        gap.textContent = '…';
        gap.title = t(`moves.noMove.${side}`);
        li.appendChild(gap);
        continue;
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.textContent = st.moves[j];
      b.dataset.ply = String(j + 1);
      b.dataset.side = side;
      b.title = t('moves.title', { side: sideName(side), n: j + 1 });
      if (j + 1 === cur) b.classList.add('current');
      b.addEventListener('click', () => goTo(j + 1));
      li.appendChild(b);
    }
    list.appendChild(li);
  }
  if (game.viewIndex == null) list.scrollTop = list.scrollHeight;
}

function renderHistory() {
  const st = game.state;
  const n = st.moves.length;
  const slider = byTest('history-slider');
  const cur = game.viewIndex == null ? n : game.viewIndex;
  slider.max = String(n);
  slider.value = String(cur);
  const ok = !!game.hist && !game.histError;
  slider.disabled = !ok || n === 0;
  for (const [id, dis] of [['hist-first', cur === 0], ['hist-prev', cur === 0], ['hist-next', cur >= n], ['hist-last', cur >= n]]) {
    byTest(id).disabled = !ok || dis;
  }
  const label = byTest('history-label');
  if (game.histError) label.textContent = t('hist.unavailable', { error: game.histError });
  else if (game.viewIndex == null) label.textContent = n ? t('hist.live', { n }) : t('hist.liveNone');
  else label.textContent = cur ? t('hist.after', { cur, n, move: st.moves[cur - 1] }) : t('hist.atStart', { n });
  byTest('history-banner').hidden = game.viewIndex == null;
  byTest('branch').hidden = game.viewIndex == null;
}

function goTo(index) {
  if (!game || !game.hist) return;
  const n = game.state.moves.length;
  index = Math.max(0, Math.min(n, index));
  game.viewIndex = index >= n ? null : index;
  game.selected = null;
  hideStackInfo();
  render();
}

// ---------- the history: replayed client-side from the start position ----------
async function ensureHistory() {
  const st = game.state;
  if (!game.start) {
    const standard = (st.moves.length === 0 && st.phase === 'placement' && st.placed === 0) ||
      (st.moves.length > 0 && st.moves[0].length === 2 && st.moves[0] !== 'PASS' && !game.needsRecord);
    if (standard) game.start = Rules.emptyPosition();
    else {
      try {
        const text = await api.record(game.id);
        game.start = Rules.recordStart(Rules.parseRecord(text).tags);
      } catch (e) {
        game.histError = t('hist.noStart');
        render();
        return;
      }
    }
  }
  const hist = Rules.replay(game.start, game.state.moves);
  const final = hist[hist.length - 1].position.stacks;
  const same = Object.keys(final).length === Object.keys(st.stacks).length &&
    Object.entries(final).every(([k, v]) => st.stacks[k] === v);
  if (hist.error || !same) {
    if (game.start.placed === 0 && !game.needsRecord) {
      // Not a standard start after all: ask for the record once.
      game.needsRecord = true;
      game.start = null;
      return ensureHistory();
    }
    game.hist = null;
    game.histError = hist.error || t('hist.differs');
  } else {
    game.hist = hist;
    game.histError = null;
  }
  if (game.viewIndex != null && game.viewIndex > st.moves.length) game.viewIndex = null;
  render();
}

// ---------- receiving states ----------
function applyState(st, source) {
  if (!game || st.id !== game.id) return;
  const prev = game.state;
  if (prev && source === 'move' && st.version < prev.version) return; // an older answer
  const changed = !prev || prev.version !== st.version || prev.moves.length !== st.moves.length;
  game.state = st;
  game.clockAt = performance.now();
  // Messages about the game in play (refusals, hints) are stale once it ends.
  if (prev && !isOver(prev) && isOver(st)) say('');
  game.flagAsked = false;
  if (changed) {
    if (game.seat === 'white' || game.seat === 'black') Community.refreshTurnCount();
    hideStackInfo();
    game.selected = null;
    game.hint = [];
    if (prev && st.moves.length === prev.moves.length + 1 && game.viewIndex == null && st.last_move !== 'PASS') game.animate = st.last_move;
    if (!prev || prev.moves.length !== st.moves.length || prev.moves[prev.moves.length - 1] !== st.moves[st.moves.length - 1]) {
      game.hist = null;
      ensureHistory();
    }
  }
  render();
}

// ---------- acting ----------
async function sendMove(move) {
  if (game.pending) return;
  game.pending = true;
  try {
    const st = await api.move(game.id, game.token, move);
    applyState(st, 'move');
  } catch (e) {
    say(refusal(e), 'error');
    if (e.status === 0 && game.conn) game.conn.kick();
  } finally {
    game.pending = false;
    render();
  }
}

function refusal(e) {
  if (e instanceof ApiError && e.status === 0) return t('error.notSent', { error: errorText(e) });
  return t('error.refused', { error: errorText(e) });
}

function explainCannotAct() {
  const st = game.state;
  if (game.viewIndex != null) return t('explain.lookingBack');
  if (!game.seat) return t('explain.spectator');
  if (isOver(st)) return t('explain.over');
  const seat = st.seats && st.seats[st.to_move];
  if (seat && seat.kind === 'engine') return t('explain.engine');
  if (st.started === false) return t('explain.notStarted');
  return t('explain.otherTurn', { side: sideName(st.to_move) });
}

function onSpaceClick(sq) {
  if (!game || !game.state) return;
  const st = game.state;
  const stack = st.stacks[sq];
  if (!isMyTurn() || game.viewIndex != null) { say(explainCannotAct(), 'error'); return; }
  if (game.pending) return;
  if (st.phase === 'placement') {
    if (stack) { say(t('explain.occupied', { sq }), 'error'); return; }
    say('');
    sendMove(sq);
    return;
  }
  if (st.legal.length === 1 && st.legal[0] === 'PASS') { say(t('explain.mustPass'), 'error'); return; }
  const side = st.to_move;
  if (game.selected) {
    const from = game.selected;
    if (sq === from) { game.selected = null; say(''); render(); return; }
    if (st.legal.includes(from + sq)) { game.selected = null; say(''); sendMove(from + sq); return; }
    if (stack && Rules.ownerOf(stack) === side) { /* select another stack below */ }
    else {
      const h = st.stacks[from].length;
      say(!stack ? t('explain.landEmpty', { sq })
        : tn('explain.cannotReach', h, { from, sq }), 'error');
      return;
    }
  }
  if (!stack) { say(t(`explain.emptyClick.${side}`, { sq }), 'error'); return; }
  if (stack === 'd') { say(t('explain.loneDvonn'), 'error'); return; }
  const owner = Rules.ownerOf(stack);
  if (owner !== side) { say(t(`explain.notYours.${owner}`, { sq, side: sideName(owner) }), 'error'); return; }
  if (Rules.isSurrounded(st.stacks, sq)) { say(t('explain.surrounded', { sq }), 'error'); return; }
  if (!targetsOf(sq).size) {
    say(tn('explain.noTarget', stack.length, { sq }), 'error');
    return;
  }
  game.selected = sq;
  const targets = [...targetsOf(sq)].sort();
  say(t('explain.selected', { sq, targets: targets.join(', ') }));
  render();
}

// ---------- a stack's pieces (hover, focus or tap) ----------
// Shown in a strip under the board, never over it: a floating tooltip hid
// the very targets it described.
function onHover(sq, ev, enter) {
  const tip = byTest('stack-tooltip');
  if (!enter) {
    // A finger leaves the space as soon as it lifts: keep what it tapped.
    if (!(ev && ev.pointerType === 'touch') && tip.dataset.square === sq) hideStackInfo();
    return;
  }
  if (!game || !game.state) return;
  const view = shownView();
  const stack = view.stacks[sq] || '';
  tip.innerHTML = '';
  const head = document.createElement('span');
  head.className = 'tip-head';
  head.textContent = describeStack(sq, stack);
  tip.appendChild(head);
  tip.dataset.square = sq;
  tip.dataset.colours = stack;
  if (stack) {
    const col = document.createElement('span');
    col.className = 'tip-column';
    col.setAttribute('role', 'img');
    col.setAttribute('aria-label', t('tip.colours', { list: [...stack].map((c) => t(`tip.colour.${c}`)).join(', ') }));
    if (stack.length > 1) col.dataset.label = t('tip.topFirst');
    for (const c of [...stack].reverse()) {
      const chip = document.createElement('span');
      chip.className = `chip c-${c}`;
      col.appendChild(chip);
    }
    tip.appendChild(col);
  }
  tip.hidden = false;
  byTest('stack-info').classList.add('shown');
}

function hideStackInfo() {
  const tip = byTest('stack-tooltip');
  tip.hidden = true;
  tip.dataset.square = '';
  byTest('stack-info').classList.remove('shown');
}

// ---------- telling the player it is their move ----------
// The tab's title says so while it is; a sound (off unless chosen) and a
// notification (only while the page is in the background, with permission
// asked on the click that turns it on) mark the moment it becomes so.
const ALERT_KEY = { sound: 'dvonn:sound', notify: 'dvonn:notify' };
function alertOn(kind) { try { return localStorage.getItem(ALERT_KEY[kind]) === 'on'; } catch { return false; } }
function setAlert(kind, on) { try { localStorage.setItem(ALERT_KEY[kind], on ? 'on' : 'off'); } catch { /* private mode */ } }

let audio = null;
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch { /* no audio */ }
}

function notify(st) {
  if (!alertOn('notify') || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const opp = other(game.seat);
  const pl = st.players && st.players[opp];
  const body = st.last_move ? t('notify.body', { name: (pl && pl.name) || seatName(opp), move: st.last_move }) : t('notify.bodyStart');
  try {
    const n = new Notification(t('notify.title'), { body, tag: `dvonn-${game.id}`, icon: 'favicon.svg' });
    n.onclick = () => { window.focus(); n.close(); };
  } catch { /* some browsers only notify from a service worker */ }
}

// Called on every render: the title now, the sound and notification when
// the turn has just come to this seat (not on opening the game).
function updateTurnAlert() {
  const yours = !!game && !!game.state && game.seat !== 'both' && isMyTurn() && game.state.started !== false;
  document.title = yours ? t('title.yourMove') : t('app.title');
  document.body.dataset.yourMove = yours ? 'true' : 'false';
  if (!game || !game.state) return;
  const key = `${game.state.id}:${game.state.version}`;
  if (yours && game.turnSeen === false && game.turnKey !== key) {
    if (alertOn('sound')) beep();
    if (document.visibilityState === 'hidden') notify(game.state);
  }
  game.turnSeen = yours;
  game.turnKey = key;
}

function setupAlerts() {
  const sound = byTest('sound-toggle'), note = byTest('notify-toggle');
  sound.checked = alertOn('sound');
  note.checked = alertOn('notify') && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  sound.addEventListener('change', () => {
    setAlert('sound', sound.checked);
    // Browsers start audio only after a user action: this is one.
    if (sound.checked) { try { audio = audio || new (window.AudioContext || window.webkitAudioContext)(); audio.resume(); } catch { /* none */ } }
  });
  note.addEventListener('change', async () => {
    if (!note.checked) { setAlert('notify', false); return; }
    if (typeof Notification === 'undefined') { note.checked = false; say(t('alert.unsupported'), 'error'); return; }
    let perm = Notification.permission;
    if (perm === 'default') perm = await Notification.requestPermission();
    note.checked = perm === 'granted';
    setAlert('notify', note.checked);
    if (perm === 'denied') say(t('alert.denied'), 'error');
  });
}

// ---------- opening a game ----------
async function openGame(id, { watch = false } = {}) {
  closeGame();
  showScreen('game');
  byTest('message').textContent = '';
  byTest('resign-confirm').hidden = true;
  byTest('move-input').value = '';  // a half-typed move belongs to the game left
  game = { id, watch, seat: null, token: null, state: null, conn: null, hist: null, start: null, viewIndex: null, selected: null, hint: [], pending: false, clockAt: performance.now(), turnSeen: null };
  const g = game;
  let st;
  try {
    st = await api.getState(id);
  } catch (e) {
    if (g !== game) return;
    byTest('status').textContent = e.status === 404 ? t('open.noGame') : t('open.loadFailed', { error: errorText(e) });
    say(e.status === 404 ? t('open.checkLink') : t('open.reload'), 'error');
    if (e.status === 0) setTimeout(() => { if (g === game) openGame(id, { watch }); }, 2000);
    return;
  }
  if (g !== game) return;
  const saved = !watch && loadSeat(id);
  if (saved && saved.token) { g.seat = saved.seat; g.token = saved.token; }
  const me = Community.session.user && Community.session.user.name.toLowerCase();
  const mine = me && st.players && ['white', 'black'].some((s) => st.players[s] && st.players[s].name && st.players[s].name.toLowerCase() === me);
  if (!watch && !g.token && mine) {
    // Logged in: this user's seat, taken from another browser.
    try {
      const s = await api.seat(id);
      if (s && s.token) { g.seat = s.seat; g.token = s.token; saveSeat(id, s.seat, s.token, st.mode); }
    } catch { /* not this user's game */ }
    if (g !== game) return;
  }
  if (g.token) { /* seated */ } else if (!watch && st.mode === 'online' && ['white', 'black'].some((s) => st.seats[s] && st.seats[s].kind === 'human' && st.seats[s].taken === false)) {
    try {
      const j = await api.join(id);
      g.seat = j.seat; g.token = j.token;
      saveSeat(id, j.seat, j.token, st.mode);
      say(t('open.joined', { side: sideName(j.seat) }), 'note');
      st = await api.getState(id).catch(() => st);
    } catch (e) {
      say(t('open.joinFailed', { error: errorText(e) }), 'error');
    }
  }
  if (g !== game) return;
  board.setFlipped(g.seat === 'black');
  applyState(st, 'get');
  g.conn = new LiveConnection(id, g.token, {
    onState: (s) => { if (g === game) applyState(s, 'ws'); },
    onStatus: (s) => {
      if (g !== game) return;
      const c = byTest('connection');
      c.dataset.state = s;
      c.textContent = t(`conn.${s}`);
    },
    onMessage: (m) => { if (g === game && m.type === 'error') say(t('error.refused', { error: m.message }), 'error'); },
  });
}

function closeGame() {
  if (game && game.conn) game.conn.close();
  game = null;
  updateTurnAlert();
  if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
  hideStackInfo();
}

// ---------- new games ----------
function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

async function createAndOpen(opts) {
  const btns = document.querySelectorAll('#home button');
  btns.forEach((b) => { b.disabled = true; });
  try {
    const r = await api.createGame(opts);
    saveSeat(r.id, r.seat, r.token, opts.mode);
    location.hash = `game=${r.id}`;
  } catch (e) {
    byTest('home-message').textContent = t('home.createFailed', { error: errorText(e) });
  } finally {
    btns.forEach((b) => { b.disabled = false; });
  }
}

let syncHomeForm = () => {};
function setupHome() {
  const form = byTest('new-game-form');
  const sync = () => {
    const mode = form.elements.mode.value;
    $('.engine-only', form).hidden = mode !== 'engine';
    $('.colour-choice', form).hidden = mode === 'local';
    form.elements.seed.disabled = !form.elements.random.checked;
    const u = Community.session.user;
    $('.rated-engine', form).hidden = !(mode === 'engine' && u && !u.guest);
  };
  syncHomeForm = sync;
  form.addEventListener('change', sync);
  sync();
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const mode = form.elements.mode.value;
    const opts = { mode };
    if (mode === 'engine') opts.level = Number(form.elements.level.value);
    if (mode === 'engine' && form.elements.rated.checked && !$('.rated-engine', form).hidden) opts.rated = true;
    if (mode !== 'local') opts.color = form.elements.color.value;
    if (form.elements.random.checked) {
      const s = form.elements.seed.value.trim();
      opts.random_setup = s === '' ? randomSeed() : Number(s);
      if (!Number.isInteger(opts.random_setup) || opts.random_setup < 0) {
        byTest('home-message').textContent = t('home.badSeed');
        return;
      }
    }
    createAndOpen(opts);
  });

  const imp = byTest('import-form');
  const syncImp = () => { $('.engine-only', imp).hidden = imp.elements.imode.value !== 'engine'; };
  imp.addEventListener('change', syncImp);
  syncImp();
  byTest('import-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (f) imp.elements.record.value = await f.text();
  });
  imp.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const record = imp.elements.record.value;
    if (!record.trim()) { byTest('home-message').textContent = t('import.empty'); return; }
    const opts = { mode: imp.elements.imode.value, record };
    if (opts.mode === 'engine') { opts.level = Number(imp.elements.ilevel.value); opts.color = imp.elements.icolor.value; }
    const upto = imp.elements.upto.value.trim();
    if (upto !== '') {
      const n = Number(upto);
      if (!Number.isInteger(n) || n < 0) { byTest('home-message').textContent = t('import.badUpto'); return; }
      opts.upto = n;
    }
    createAndOpen(opts);
  });
}

function renderSavedGames() {
  const list = byTest('saved-games');
  list.innerHTML = '';
  const games = savedGames().slice(0, 12);
  byTest('saved-section').hidden = games.length === 0;
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#game=${g.id}`;
    const when = g.saved ? fmtDate(g.saved) : '';
    const mode = ['engine', 'online', 'local'].includes(g.mode) ? t(`saved.mode.${g.mode}`) : '';
    a.textContent = `${when}: ${mode}${g.seat && g.seat !== 'both' ? t('saved.as', { side: sideName(g.seat) }) : ''}`;
    li.appendChild(a);
    list.appendChild(li);
  }
}

// ---------- screens and routing ----------
const SCREENS = ['home', 'game', ...Community.SCREENS];
function showScreen(name) {
  for (const s of SCREENS) byTest(s).hidden = name !== s;
  const nav = { home: 'new-game-link', lobby: 'lobby-link', mygames: 'mygames-link', live: 'live-link', archive: 'archive-link' };
  for (const [screen, id] of Object.entries(nav)) {
    if (screen === name) byTest(id).setAttribute('aria-current', 'page'); else byTest(id).removeAttribute('aria-current');
  }
  document.body.dataset.screen = name;
  relabelSkipLink();
  window.scrollTo(0, 0);
}

// The skip link: to the board in a game (its one Tab stop), else to the
// page's content.
function setupSkipLink() {
  const link = byTest('skip-link');
  link.addEventListener('click', (ev) => {
    ev.preventDefault();
    if (document.body.dataset.screen === 'game' && game) board.focusSpace();
    else document.querySelector('main').focus();
  });
}
function relabelSkipLink() {
  const link = byTest('skip-link');
  link.dataset.i18n = document.body.dataset.screen === 'game' ? 'skip.board' : 'skip.main';
  link.textContent = t(link.dataset.i18n);
}

function route() {
  let hash = location.hash.replace(/^#\/?/, '');
  // #/game/ID (the API docs' form) is #game=ID.
  const m = /^(game|watch)\/([^/?&]+)$/.exec(hash);
  if (m) hash = `${m[1]}=${m[2]}`;
  const h = new URLSearchParams(hash);
  const id = h.get('game') || h.get('watch');
  if (id) {
    Community.leave();
    if (!game || game.id !== id || game.watch !== h.has('watch')) openGame(id, { watch: h.has('watch') });
    return;
  }
  closeGame();
  const page = Community.routeOf(h);
  if (page) {
    showScreen(page);
    Community.show(page, h);
    return;
  }
  Community.leave();
  showScreen('home');
  syncHomeForm();
  byTest('home-message').textContent = '';
  renderSavedGames();
}

function setupGameControls() {
  byTest('flip').addEventListener('click', () => { board.setFlipped(!board.flipped); render(); });
  byTest('undo').addEventListener('click', async () => {
    if (game.pending) return;
    game.pending = true;
    try {
      const st = await api.undo(game.id, game.token);
      game.viewIndex = null;
      applyState(st, 'undo');
      say(t('game.undone'));
    } catch (e) { say(refusal(e), 'error'); } finally { game.pending = false; render(); }
  });
  byTest('hint').addEventListener('click', async () => {
    if (game.pending) return;
    const version = game.state.version;
    byTest('hint').disabled = true;
    say(t('game.askingHint'));
    try {
      const h = await api.hint(game.id, game.token);
      if (!game || game.state.version !== version) return;
      const m = h.move || '';
      game.hint = m === 'PASS' ? [] : m.length === 4 ? [m.slice(0, 2), m.slice(2)] : [m];
      const sc = typeof h.score === 'number'
        ? t(h.exact ? 'hint.scoreExact' : 'hint.scoreAbout', { score: `${h.score > 0 ? '+' : ''}${Math.round(h.score * 10) / 10}` }) : '';
      say(t('hint.text', { move: m, score: sc }), 'note');
      byTest('message').dataset.hint = m;
    } catch (e) { say(refusal(e), 'error'); } finally { render(); }
  });
  byTest('pass').addEventListener('click', () => sendMove('PASS'));
  byTest('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = byTest('move-input');
    const n = Rules.normaliseMove(input.value);
    if (n.error) { say(n.code ? t(n.code, n.params) : n.error, 'error'); return; }
    if (game.viewIndex != null) { say(explainCannotAct(), 'error'); return; }
    input.value = '';
    sendMove(n.move);
  });
  const slider = byTest('history-slider');
  slider.addEventListener('input', () => goTo(Number(slider.value)));
  byTest('hist-first').addEventListener('click', () => goTo(0));
  byTest('hist-prev').addEventListener('click', () => goTo((game.viewIndex ?? game.state.moves.length) - 1));
  byTest('hist-next').addEventListener('click', () => goTo((game.viewIndex ?? game.state.moves.length) + 1));
  byTest('hist-last').addEventListener('click', () => goTo(game.state.moves.length));
  byTest('back-live').addEventListener('click', () => goTo(game.state.moves.length));
  byTest('branch').addEventListener('click', async () => {
    const upto = game.viewIndex;
    const p = game.hist[upto].position;
    try {
      const record = await api.record(game.id);
      await createAndOpen({ mode: 'engine', level: game.state.level || 3, color: p.toMove === 'black' ? 'black' : 'white', record, upto });
    } catch (e) { say(t('hist.branchFailed', { error: errorText(e) }), 'error'); }
  });
  for (const [btn, input] of [['copy-invite', 'invite-link'], ['copy-watch', 'watch-link']]) {
    byTest(btn).addEventListener('click', async () => {
      const v = byTest(input).value;
      try { await navigator.clipboard.writeText(v); say(t('game.copied')); } catch { byTest(input).select(); say(t('game.copyManually')); }
    });
  }
  document.addEventListener('keydown', (ev) => {
    if (!game || !game.state || ev.target.closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft') goTo((game.viewIndex ?? game.state.moves.length) - 1);
    else if (ev.key === 'ArrowRight') goTo((game.viewIndex ?? game.state.moves.length) + 1);
    else if (ev.key === 'Escape' && game.selected) { game.selected = null; say(''); render(); }
  });
  // Resign: ask first.
  byTest('resign').addEventListener('click', () => {
    byTest('resign-confirm').hidden = false;
    byTest('resign-no').focus();
  });
  byTest('resign-no').addEventListener('click', () => { byTest('resign-confirm').hidden = true; byTest('resign').focus(); });
  byTest('resign-yes').addEventListener('click', async () => {
    byTest('resign-confirm').hidden = true;
    if (!game || game.pending) return;
    game.pending = true;
    try {
      const st = await api.resign(game.id, game.token);
      if (st && st.id) applyState(st, 'move');
      else if (st && st.state) applyState(st.state, 'move');
      else applyState(await api.getState(game.id), 'get');
    } catch (e) { say(refusal(e), 'error'); } finally { if (game) { game.pending = false; render(); } }
  });
  // Refetch the state when the page becomes visible again (phones sleep).
  document.addEventListener('visibilitychange', async () => {
    if (document.visibilityState !== 'visible' || !game) return;
    const g = game;
    try { const st = await api.getState(g.id); if (g === game) applyState(st, 'get'); } catch { /* the socket retries */ }
    if (g.conn) g.conn.kick();
  });
}

board = new Board(byTest('board'), { onClick: onSpaceClick, onHover });
// The same query as the stylesheet's upright-board rule.
const upright = window.matchMedia('(max-width: 600px) and (orientation: portrait)');
board.setRotated(upright.matches);
upright.addEventListener('change', () => board.setRotated(upright.matches));
applyI18n(document);
mountLanguageSwitch(byTest('lang-select'));
onLanguageChange(() => {
  byTest('board').setAttribute('aria-label', t('board.label'));
  updateTurnAlert();
  if (game && game.state) render();
  if (!byTest('home').hidden) renderSavedGames();
  Community.relabel();
  byTest('connection').textContent = byTest('connection').dataset.state ? t(`conn.${byTest('connection').dataset.state}`) : '';
});
setupHome();
setupGameControls();
setupAlerts();
setupSkipLink();
await Community.setup({ saveSeat, showScreen });
window.addEventListener('hashchange', route);
route();
// For tests and curious people: the current state, read-only.
window.dvonn = { get state() { return game && game.state; }, get seat() { return game && game.seat; } };
