// The DVONN web UI: new games, the board, moves, history, live updates.
import * as Rules from './rules.js';
import { api, ApiError, LiveConnection } from './api.js';
import { Board, describeStack } from './board.js';

const $ = (sel, root = document) => root.querySelector(sel);
const byTest = (id) => document.querySelector(`[data-testid="${id}"]`);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
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
  if (!game.seat) return game.watch ? 'You are watching this game' : 'You are watching (both seats are taken)';
  if (game.seat === 'both') return 'Two players at this screen: you play both sides';
  return `You play ${cap(game.seat)}`;
}

function isMyTurn() {
  const st = game.state;
  if (!game.seat || st.result !== 'ongoing' || st.phase === 'over') return false;
  return game.seat === 'both' || game.seat === st.to_move;
}

function seatName(side) {
  const st = game.state;
  const seat = st.seats && st.seats[side];
  if (st.mode === 'local') return cap(side);
  if (seat && seat.kind === 'engine') return `Engine (level ${seat.level || st.level || '?'})`;
  if (game.seat === side) return 'You';
  if (seat && seat.taken === false) return 'Waiting for a player…';
  return st.mode === 'online' ? (game.seat ? 'Your friend' : 'Player') : 'Player';
}

function piecesLeft(placed) {
  return { white: 25 - Math.ceil(placed / 2), black: 24 - Math.floor(placed / 2) };
}

function pieceWord(piece) {
  return piece === 'dvonn' ? 'a Dvonn piece' : `a ${piece} piece`;
}

function resultText(st, sc) {
  const s = `${sc.white}–${sc.black}`;
  if (st.result === 'draw') return `Draw, ${s}`;
  if (st.result === 'white' || st.result === 'black') return `${cap(st.result)} wins, ${s}`;
  return '';
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

  // Players: score, pieces left, turn.
  const left = piecesLeft(st.placed || 0);
  for (const side of ['white', 'black']) {
    const row = byTest(`player-${side}`);
    row.classList.toggle('to-move', st.to_move === side && st.phase !== 'over');
    $('.name', row).textContent = seatName(side);
    $('.side', row).hidden = seatName(side) === cap(side);
    byTest(`score-${side}`).textContent = String(st.score ? st.score[side] : 0);
    byTest(`left-${side}`).textContent = st.phase === 'placement' ? `${left[side]} to place` : '';
  }

  // Phase and whose turn.
  const phase = byTest('phase');
  if (st.phase === 'placement') phase.textContent = `Phase 1: placement (${st.placed} of 49 placed)`;
  else if (st.phase === 'movement') phase.textContent = 'Phase 2: moving stacks';
  else phase.textContent = 'Game over';
  const status = byTest('status');
  const toMove = st.to_move;
  let text;
  if (st.phase === 'over' || st.result !== 'ongoing') text = `Game over: ${resultText(st, st.score)}`;
  else {
    const what = st.phase === 'placement' ? `place ${pieceWord(st.next_piece || toMove)}`
      : (st.legal.length === 1 && st.legal[0] === 'PASS') ? 'pass (no legal move)' : `move a ${toMove} stack`;
    const seat = st.seats && st.seats[toMove];
    const oppSeat = st.seats && game.seat && game.seat !== 'both' && st.seats[other(game.seat)];
    const alone = oppSeat && oppSeat.kind === 'human' && oppSeat.taken === false ? ' (your friend has not joined yet)' : '';
    const myTurn = isMyTurn();
    if (myTurn && game.seat !== 'both') text = `Your turn: ${what}${alone}`;
    else if (myTurn) text = `${cap(toMove)} to ${what}`;
    else if (seat && seat.kind === 'engine') text = `${cap(toMove)}: the engine is thinking…`;
    else if (seat && seat.taken === false) text = `Waiting for a friend to join as ${cap(toMove)}: send them the invitation link`;
    else if (game.seat && game.seat !== 'both') text = `${cap(toMove)} to ${what}: waiting for your opponent`;
    else text = `${cap(toMove)} to ${what}`;
  }
  status.textContent = text;

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
  if (game.animate && view.live) board.animateMove(game.animate, view.stacks);
  game.animate = null;

  // Removed stacks: what was lost and why.
  const removedNote = byTest('removed-note');
  const rem = Object.keys(view.removed || {}).sort();
  if (rem.length) {
    const pieces = rem.reduce((n, s) => n + view.removed[s].length, 0);
    removedNote.textContent = `${rem.join(', ')} cut off from the Dvonn pieces: ${pieces} piece${pieces > 1 ? 's' : ''} removed`;
    removedNote.hidden = false;
  } else {
    removedNote.textContent = '';
    removedNote.hidden = true;
  }

  // Pass button.
  byTest('pass').hidden = !(mine && st.legal.length === 1 && st.legal[0] === 'PASS');

  // Controls.
  const canHelp = !!game.seat && st.mode !== 'online';
  byTest('undo').hidden = !canHelp;
  byTest('hint').hidden = !canHelp;
  byTest('undo').disabled = !canHelp || !st.moves.length || game.pending;
  byTest('hint').disabled = !canHelp || !mine || game.pending;
  byTest('move-form').hidden = !game.seat;
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
  if (st.phase === 'over' || st.result !== 'ongoing') {
    over.hidden = false;
    let you = '';
    if (game.seat === 'white' || game.seat === 'black') {
      you = st.result === 'draw' ? 'A draw.' : st.result === game.seat ? 'You won!' : 'You lost.';
    }
    $('.result', over).textContent = resultText(st, st.score);
    $('.detail', over).textContent = `${you} Final count: White ${st.score.white}, Black ${st.score.black} (pieces in the stacks each side controls).`.trim();
  } else over.hidden = true;

  renderMoveList();
  renderHistory();
}

function renderMoveList() {
  const st = game.state;
  const list = byTest('move-list');
  const cur = game.viewIndex == null ? st.moves.length : game.viewIndex;
  list.innerHTML = '';
  for (let i = 0; i < st.moves.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i / 2 + 1}.`;
    li.appendChild(num);
    for (const j of [i, i + 1]) {
      if (j >= st.moves.length) break;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.textContent = st.moves[j];
      b.dataset.ply = String(j + 1);
      b.title = `${j % 2 === 0 ? 'White' : 'Black'}'s move ${j + 1}: show the position after it`;
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
  if (game.histError) label.textContent = `History unavailable: ${game.histError}`;
  else if (game.viewIndex == null) label.textContent = n ? `Live: move ${n}` : 'Live: no moves yet';
  else label.textContent = `Looking back: after move ${cur} of ${n}${cur ? ` (${st.moves[cur - 1]})` : ' (start)'}`;
  byTest('history-banner').hidden = game.viewIndex == null;
  byTest('branch').hidden = game.viewIndex == null;
}

function goTo(index) {
  if (!game || !game.hist) return;
  const n = game.state.moves.length;
  index = Math.max(0, Math.min(n, index));
  game.viewIndex = index >= n ? null : index;
  game.selected = null;
  byTest('stack-tooltip').hidden = true;
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
        game.histError = 'the start position could not be loaded';
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
    game.histError = hist.error || 'the replayed position differs from the server\'s';
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
  if (changed) {
    byTest('stack-tooltip').hidden = true;
    game.selected = null;
    game.hint = [];
    if (prev && st.moves.length === prev.moves.length + 1 && game.viewIndex == null) game.animate = st.last_move;
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
  if (e instanceof ApiError && e.status === 0) return `${e.message}. The move was not sent.`;
  return `Refused: ${e.message}`;
}

function explainCannotAct() {
  const st = game.state;
  if (game.viewIndex != null) return 'You are looking back at an earlier position: press "Back to live" to play';
  if (!game.seat) return 'You are watching this game: spectators cannot move';
  if (st.phase === 'over' || st.result !== 'ongoing') return 'The game is over';
  const seat = st.seats && st.seats[st.to_move];
  if (seat && seat.kind === 'engine') return 'Wait: the engine is thinking';
  return `It is ${cap(st.to_move)}'s turn: wait for your opponent`;
}

function onSpaceClick(sq) {
  if (!game || !game.state) return;
  const st = game.state;
  const stack = st.stacks[sq];
  if (!isMyTurn() || game.viewIndex != null) { say(explainCannotAct(), 'error'); return; }
  if (game.pending) return;
  if (st.phase === 'placement') {
    if (stack) { say(`${sq} is already occupied: place on an empty space`, 'error'); return; }
    say('');
    sendMove(sq);
    return;
  }
  if (st.legal.length === 1 && st.legal[0] === 'PASS') { say('You have no legal move and must pass: press Pass', 'error'); return; }
  const side = st.to_move;
  if (game.selected) {
    const from = game.selected;
    if (sq === from) { game.selected = null; say(''); render(); return; }
    if (st.legal.includes(from + sq)) { game.selected = null; say(''); sendMove(from + sq); return; }
    if (stack && Rules.ownerOf(stack) === side) { /* select another stack below */ }
    else {
      const h = st.stacks[from].length;
      say(!stack ? `${sq} is empty: a stack must land on an occupied space`
        : `${from} cannot reach ${sq}: a stack of ${h} moves exactly ${h} space${h > 1 ? 's' : ''} in a straight line`, 'error');
      return;
    }
  }
  if (!stack) { say(`${sq} is empty: click one of your (${side}) stacks`, 'error'); return; }
  if (stack === 'd') { say('A lone Dvonn piece never moves', 'error'); return; }
  const owner = Rules.ownerOf(stack);
  if (owner !== side) { say(`Not your stack: ${sq} has a ${owner} piece on top, so it belongs to ${cap(owner)}`, 'error'); return; }
  if (Rules.isSurrounded(st.stacks, sq)) { say(`That stack is surrounded and cannot move (${sq} has all six neighbours occupied)`, 'error'); return; }
  if (!targetsOf(sq).size) {
    const h = stack.length;
    say(`The stack on ${sq} cannot move: no occupied space exactly ${h} space${h > 1 ? 's' : ''} away in a straight line`, 'error');
    return;
  }
  game.selected = sq;
  const t = [...targetsOf(sq)].sort();
  say(`${sq} selected: it can move to ${t.join(', ')}`);
  render();
}

// ---------- the stack tooltip (hover or tap) ----------
let tipTimer = null;
function onHover(sq, ev, enter) {
  const tip = byTest('stack-tooltip');
  clearTimeout(tipTimer);
  if (!enter) {
    if (ev && ev.pointerType === 'touch') tipTimer = setTimeout(() => { tip.hidden = true; }, 2500);
    else tip.hidden = true;
    return;
  }
  if (!game || !game.state) return;
  const view = shownView();
  const stack = view.stacks[sq] || '';
  tip.innerHTML = '';
  const head = document.createElement('div');
  head.className = 'tip-head';
  head.textContent = describeStack(sq, stack);
  tip.appendChild(head);
  tip.dataset.square = sq;
  tip.dataset.colours = stack;
  if (!stack) { tip.hidden = false; placeTip(tip, sq); return; }
  const col = document.createElement('div');
  col.className = 'tip-column';
  col.setAttribute('aria-label', `colours bottom to top: ${[...stack].map((c) => ({ w: 'white', b: 'black', d: 'red' })[c]).join(', ')}`);
  for (const c of [...stack].reverse()) {
    const chip = document.createElement('span');
    chip.className = `chip c-${c}`;
    col.appendChild(chip);
  }
  tip.appendChild(col);
  const foot = document.createElement('div');
  foot.className = 'tip-foot';
  foot.textContent = stack.length > 1 ? 'top ↑ · bottom ↓' : '';
  tip.appendChild(foot);
  tip.hidden = false;
  placeTip(tip, sq);
}

function placeTip(tip, sq) {
  const r = board.spaces[sq].getBoundingClientRect();
  const wrap = byTest('board-wrap').getBoundingClientRect();
  const tw = tip.offsetWidth;
  let left = r.left - wrap.left + r.width / 2 - tw / 2;
  left = Math.max(2, Math.min(wrap.width - tw - 2, left));
  let top = r.top - wrap.top - tip.offsetHeight - 6;
  if (top < 0) top = r.bottom - wrap.top + 6;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

// ---------- opening a game ----------
async function openGame(id, { watch = false } = {}) {
  closeGame();
  showScreen('game');
  byTest('message').textContent = '';
  game = { id, watch, seat: null, token: null, state: null, conn: null, hist: null, start: null, viewIndex: null, selected: null, hint: [], pending: false };
  const g = game;
  let st;
  try {
    st = await api.getState(id);
  } catch (e) {
    if (g !== game) return;
    byTest('status').textContent = e.status === 404 ? 'There is no game with this link' : `The game could not be loaded: ${e.message}`;
    say(e.status === 404 ? 'Check the link, or start a new game' : 'Reload the page to try again', 'error');
    if (e.status === 0) setTimeout(() => { if (g === game) openGame(id, { watch }); }, 2000);
    return;
  }
  if (g !== game) return;
  const saved = !watch && loadSeat(id);
  if (saved && saved.token) { g.seat = saved.seat; g.token = saved.token; }
  else if (!watch && st.mode === 'online' && ['white', 'black'].some((s) => st.seats[s] && st.seats[s].kind === 'human' && st.seats[s].taken === false)) {
    try {
      const j = await api.join(id);
      g.seat = j.seat; g.token = j.token;
      saveSeat(id, j.seat, j.token, st.mode);
      say(`You joined the game as ${cap(j.seat)}`, 'note');
      st = await api.getState(id).catch(() => st);
    } catch (e) {
      say(`Could not take the free seat: ${e.message}. You are watching.`, 'error');
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
      c.textContent = s === 'live' ? 'Live' : s === 'connecting' ? 'Connecting…' : 'Connection lost: reconnecting…';
    },
    onMessage: (m) => { if (g === game && m.type === 'error') say(`Refused: ${m.message}`, 'error'); },
  });
}

function closeGame() {
  if (game && game.conn) game.conn.close();
  game = null;
  byTest('stack-tooltip').hidden = true;
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
    byTest('home-message').textContent = `The game could not be created: ${e.message}`;
  } finally {
    btns.forEach((b) => { b.disabled = false; });
  }
}

function setupHome() {
  const form = byTest('new-game-form');
  const sync = () => {
    const mode = form.elements.mode.value;
    $('.engine-only', form).hidden = mode !== 'engine';
    $('.colour-choice', form).hidden = mode === 'local';
    form.elements.seed.disabled = !form.elements.random.checked;
  };
  form.addEventListener('change', sync);
  sync();
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const mode = form.elements.mode.value;
    const opts = { mode };
    if (mode === 'engine') opts.level = Number(form.elements.level.value);
    if (mode !== 'local') opts.color = form.elements.color.value;
    if (form.elements.random.checked) {
      const s = form.elements.seed.value.trim();
      opts.random_setup = s === '' ? randomSeed() : Number(s);
      if (!Number.isInteger(opts.random_setup) || opts.random_setup < 0) {
        byTest('home-message').textContent = 'The seed must be a whole number (0 or more), or left empty';
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
    if (!record.trim()) { byTest('home-message').textContent = 'Paste a game record or choose a file first'; return; }
    const opts = { mode: imp.elements.imode.value, record };
    if (opts.mode === 'engine') { opts.level = Number(imp.elements.ilevel.value); opts.color = imp.elements.icolor.value; }
    const upto = imp.elements.upto.value.trim();
    if (upto !== '') {
      const n = Number(upto);
      if (!Number.isInteger(n) || n < 0) { byTest('home-message').textContent = 'The number of moves to keep must be a whole number'; return; }
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
    const when = g.saved ? new Date(g.saved).toLocaleString() : '';
    const mode = { engine: 'against the engine', online: 'online', local: 'one screen' }[g.mode] || '';
    a.textContent = `${when}: ${mode}${g.seat && g.seat !== 'both' ? `, as ${cap(g.seat)}` : ''}`;
    li.appendChild(a);
    list.appendChild(li);
  }
}

// ---------- screens and routing ----------
function showScreen(name) {
  byTest('home').hidden = name !== 'home';
  byTest('game').hidden = name !== 'game';
  document.body.dataset.screen = name;
}

function route() {
  const h = new URLSearchParams(location.hash.replace(/^#/, ''));
  const id = h.get('game') || h.get('watch');
  if (id) {
    if (!game || game.id !== id || game.watch !== h.has('watch')) openGame(id, { watch: h.has('watch') });
  } else {
    closeGame();
    showScreen('home');
    byTest('home-message').textContent = '';
    renderSavedGames();
  }
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
      say('Move taken back');
    } catch (e) { say(refusal(e), 'error'); } finally { game.pending = false; render(); }
  });
  byTest('hint').addEventListener('click', async () => {
    if (game.pending) return;
    const version = game.state.version;
    byTest('hint').disabled = true;
    say('Asking the engine for a hint…');
    try {
      const h = await api.hint(game.id, game.token);
      if (!game || game.state.version !== version) return;
      const m = h.move || '';
      game.hint = m === 'PASS' ? [] : m.length === 4 ? [m.slice(0, 2), m.slice(2)] : [m];
      const sc = typeof h.score === 'number'
        ? ` (${h.exact ? 'exactly' : 'about'} ${h.score > 0 ? '+' : ''}${Math.round(h.score * 10) / 10} pieces at the end for the side to move)` : '';
      say(`Hint: ${m}${sc}`, 'note');
      byTest('message').dataset.hint = m;
    } catch (e) { say(refusal(e), 'error'); } finally { render(); }
  });
  byTest('pass').addEventListener('click', () => sendMove('PASS'));
  byTest('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = byTest('move-input');
    const n = Rules.normaliseMove(input.value);
    if (n.error) { say(n.error, 'error'); return; }
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
    } catch (e) { say(`Could not continue from here: ${e.message}`, 'error'); }
  });
  for (const [btn, input] of [['copy-invite', 'invite-link'], ['copy-watch', 'watch-link']]) {
    byTest(btn).addEventListener('click', async () => {
      const v = byTest(input).value;
      try { await navigator.clipboard.writeText(v); say('Link copied'); } catch { byTest(input).select(); say('Select the link and copy it (Ctrl+C)'); }
    });
  }
  document.addEventListener('keydown', (ev) => {
    if (!game || !game.state || ev.target.closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft') goTo((game.viewIndex ?? game.state.moves.length) - 1);
    else if (ev.key === 'ArrowRight') goTo((game.viewIndex ?? game.state.moves.length) + 1);
    else if (ev.key === 'Escape' && game.selected) { game.selected = null; say(''); render(); }
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
setupHome();
setupGameControls();
window.addEventListener('hashchange', route);
route();
// For tests and curious people: the current state, read-only.
window.dvonn = { get state() { return game && game.state; }, get seat() { return game && game.seat; } };
