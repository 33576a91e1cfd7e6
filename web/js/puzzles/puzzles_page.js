// Puzzles (#puzzles, #puzzles/ID, #puzzles/daily): a position from a real
// game where exactly one move wins (or saves the game). The player moves on
// the board; the server judges the first move and answers with the
// solution line, the refutation of the natural wrong move and, for a
// signed-in player, both ratings' change (Glicko-2). The line is then
// played out on the board. The home page's daily puzzle card is here too.
import * as Rules from '../rules.js';
import { Board } from '../board.js';
import { t, tn } from '../i18n.js';
import { sideName } from '../game_text.js';
import { byTest } from '../dom.js';
import { explainMove, positionAsGame, targetsOf } from '../board_view.js';
import { checkPositionString } from '../analysis/analysis_position.js';
import { puzzleApi } from './puzzle_api.js';

const STEP_MS = 700; // between two moves of a line played out

let board = null;
// The puzzle shown: its JSON, its start position, the position on the
// board, the stack selected, the last move, the server's answer once
// judged, and the timer of a line being played out.
const cur = {
  puzzle: null,
  start: null,
  position: null,
  selected: null,
  lastMove: null,
  answer: null,
  timer: null,
};

// The route of an address: {id}, {daily: true} or {} for #puzzles (null:
// not the puzzles).
export function puzzlesRoute(hash) {
  const m = /^puzzles(?:\/([a-z0-9]+))?$/.exec(hash);
  if (!m) return null;
  if (m[1] === 'daily') return { daily: true };
  return { id: m[1] || null };
}

export function setupPuzzles() {
  board = new Board(byTest('puzzle-board'), { onClick: clickSpace, ids: 'puzzle-' });
  const upright = window.matchMedia('(max-width: 600px) and (orientation: portrait)');
  board.setRotated(upright.matches);
  upright.addEventListener('change', () => {
    board.setRotated(upright.matches);
    render();
  });
  byTest('puzzle-next').addEventListener('click', nextPuzzle);
  byTest('puzzle-retry').addEventListener('click', retry);
  byTest('puzzle-solution').addEventListener('click', viewSolution);
}

export async function showPuzzles(route) {
  stopLine();
  feedback('', '');
  try {
    let p;
    if (route.daily) p = await puzzleApi.daily();
    else if (route.id) p = await puzzleApi.get(route.id);
    else {
      p = await puzzleApi.next(null);
      history.replaceState(null, '', `#puzzles/${p.id}`);
    }
    load(p, !!route.daily);
  } catch (e) {
    cur.puzzle = null;
    byTest('puzzle-task').textContent = '';
    feedback(e.status === 404 ? t('puzzles.none') : t('puzzles.error', { why: e.message }), 'error');
    renderControls();
  }
}

export function leavePuzzles() {
  stopLine();
}

function load(p, daily) {
  const checked = checkPositionString(p.position);
  if (!checked.position) throw new Error('bad position');
  cur.puzzle = p;
  cur.daily = daily;
  cur.start = checked.position;
  cur.answer = null;
  if (p.player) showPlayer(p.player, null);
  else showPlayer(null, null);
  reset();
}

function reset() {
  stopLine();
  delete byTest('puzzles').dataset.line;
  cur.position = Rules.clonePosition(cur.start);
  cur.selected = null;
  cur.lastMove = null;
  cur.solving = true;
  renderPuzzle();
}

function stopLine() {
  if (cur.timer) clearTimeout(cur.timer);
  cur.timer = null;
}

// ---------- what is shown ----------
function renderPuzzle() {
  const p = cur.puzzle;
  if (!p) return;
  byTest('puzzles').dataset.puzzle = p.id;
  byTest('puzzle-title').textContent = t(cur.daily ? 'puzzles.dailyTitle' : 'puzzles.title');
  byTest('puzzle-task').textContent = t(`puzzles.task.${p.goal}.${p.side}`);
  byTest('puzzle-info').textContent = t('puzzles.info', { rating: p.rating, solved: p.solved, attempts: p.attempts });
  // A puzzle tried before: judged again, not rated again.
  if (p.attempted) byTest('puzzle-source').textContent = t('puzzles.triedBefore');
  else
    byTest('puzzle-source').textContent = p.game ? t('puzzles.fromGame', { ply: p.ply + 1 }) : t('puzzles.fromEngine');
  renderControls();
  render();
}

function renderControls() {
  const judged = !!cur.answer;
  byTest('puzzle-retry').hidden = !judged;
  byTest('puzzle-solution').hidden = judged || !cur.puzzle;
  byTest('puzzle-next').classList.toggle('primary', judged);
  byTest('puzzle-line').hidden = !judged;
}

function render() {
  if (!board || !cur.position) return;
  const p = cur.position;
  const legal = cur.solving ? Rules.legalMoves(p) : [];
  const fake = positionAsGame(p, legal);
  const targets = cur.selected ? targetsOf(fake, cur.selected) : new Set();
  const selectable = new Set();
  if (cur.solving) for (const m of legal) if (m.length === 4) selectable.add(m.slice(0, 2));
  board.render({
    stacks: p.stacks,
    // No ghosts of the stacks just removed: axe finds the ghost's height
    // not in its space's name (label-content-name-mismatch, board.js).
    removed: {},
    lastMove: cur.lastMove,
    legal,
    selected: cur.selected,
    targets,
    selectable,
    hint: [],
    placementTarget: false,
  });
  byTest('puzzle-board').classList.toggle('interactive', cur.solving);
  const sc = Rules.score(p.stacks);
  byTest('puzzle-count').textContent = t('tutorial.count', { white: sc.white, black: sc.black });
}

function feedback(text, kind) {
  const f = byTest('puzzle-feedback');
  f.textContent = text;
  f.dataset.kind = kind;
}

function showPlayer(player, change) {
  const el = byTest('puzzle-player');
  if (!player) {
    el.textContent = t('puzzles.signIn');
    return;
  }
  let text = t(player.provisional ? 'puzzles.yourRatingProvisional' : 'puzzles.yourRating', {
    rating: player.rating,
  });
  if (change != null) text += ` ${t('puzzles.change', { change: change > 0 ? `+${change}` : String(change) })}`;
  el.textContent = text;
}

// ---------- playing ----------
function clickSpace(sq) {
  if (!cur.position) return;
  if (!cur.solving) {
    feedback(t('puzzles.judgedAlready'), 'note');
    return;
  }
  const p = cur.position;
  const stack = p.stacks[sq];
  const legal = Rules.legalMoves(p);
  const own = stack && Rules.ownerOf(stack) === p.toMove;
  if (cur.selected) {
    const from = cur.selected;
    if (sq === from) {
      cur.selected = null;
      feedback('', '');
      render();
      return;
    }
    if (legal.includes(from + sq) || !own) {
      cur.selected = null;
      tryMove(from + sq);
      return;
    }
  }
  if (!stack) return why(t(`explain.emptyClick.${p.toMove}`, { sq }));
  if (stack === 'd') return why(t('explain.loneDvonn'));
  const owner = Rules.ownerOf(stack);
  if (owner !== p.toMove) return why(t(`explain.notYours.${owner}`, { sq, side: sideName(owner) }));
  if (Rules.isSurrounded(p.stacks, sq)) return why(t('explain.surrounded', { sq }));
  const targets = [...targetsOf(positionAsGame(p, legal), sq)].sort();
  if (!targets.length) return why(tn('explain.noTarget', stack.length, { sq }));
  cur.selected = sq;
  feedback(t('explain.selected', { sq, targets: targets.join(', ') }), 'info');
  render();
}

function why(text) {
  feedback(text, 'error');
  render();
}

function play(move) {
  const r = Rules.applyMove(cur.position, move);
  if (r.error) return false;
  cur.position = r.position;
  cur.lastMove = move;
  if (move !== 'PASS') board.animateMove(move, cur.position.stacks);
  render();
  return true;
}

async function tryMove(move) {
  const fake = positionAsGame(cur.position, Rules.legalMoves(cur.position));
  const bad = explainMove(fake, move);
  if (bad) return why(bad);
  cur.solving = false;
  play(move);
  feedback(t('puzzles.checking'), 'note');
  await judge([move]);
}

async function judge(moves) {
  const p = cur.puzzle;
  let a;
  try {
    a = await puzzleApi.attempt(p.id, moves);
  } catch (e) {
    feedback(t('puzzles.error', { why: e.message }), 'error');
    cur.solving = true;
    return;
  }
  if (cur.puzzle !== p) return;
  cur.answer = a;
  if (a.player) showPlayer(a.player, a.rated && a.rating ? a.rating.change : null);
  const solution = a.solution.join(' ');
  if (a.correct) {
    feedback(t('puzzles.right'), 'ok');
    lineText(t('puzzles.lineRight', { line: solution }));
    playLine(a.solution.slice(1));
  } else if (a.gave_up) {
    feedback(t('puzzles.shown', { move: a.solution[0] }), 'note');
    lineText(t('puzzles.lineSolution', { line: solution }));
    playLine(a.solution);
  } else {
    const refuted = a.played === a.wrong && a.refutation.length;
    feedback(t('puzzles.wrong', { move: a.played, best: a.solution[0] }), 'error');
    lineText(
      refuted
        ? t('puzzles.lineWrong', { move: a.played, line: a.refutation.join(' '), solution })
        : t('puzzles.lineSolution', { line: solution }),
    );
    if (refuted) playLine(a.refutation);
  }
  if (a.rated && a.puzzle_rating)
    byTest('puzzle-info').textContent = t('puzzles.info', {
      rating: a.puzzle_rating.after,
      solved: p.solved + (a.correct ? 1 : 0),
      attempts: p.attempts + 1,
    });
  renderControls();
  byTest('puzzle-next').focus({ preventScroll: true });
}

function lineText(text) {
  byTest('puzzle-line').textContent = text;
}

// Plays the moves out on the board one by one.
function playLine(moves) {
  stopLine();
  const rest = [...moves];
  const step = () => {
    cur.timer = null;
    if (!rest.length) {
      byTest('puzzles').dataset.line = 'done';
      return;
    }
    if (!play(rest.shift())) return;
    cur.timer = setTimeout(step, STEP_MS);
  };
  byTest('puzzles').dataset.line = 'playing';
  cur.timer = setTimeout(step, STEP_MS);
}

function retry() {
  cur.answer = null;
  feedback(t('puzzles.retrying'), 'note');
  lineText('');
  reset();
}

async function viewSolution() {
  if (!cur.puzzle || cur.answer) return;
  reset();
  cur.solving = false;
  render();
  await judge([]);
}

async function nextPuzzle() {
  try {
    const p = await puzzleApi.next(cur.puzzle ? cur.puzzle.id : null);
    location.hash = `puzzles/${p.id}`;
  } catch (e) {
    feedback(e.status === 404 ? t('puzzles.none') : t('puzzles.error', { why: e.message }), 'error');
  }
}

// ---------- the home page's daily puzzle ----------
let dailyBoard = null;
export async function syncDailyCard() {
  const card = byTest('daily-puzzle-card');
  try {
    const p = await puzzleApi.daily();
    const checked = checkPositionString(p.position);
    if (!checked.position) throw new Error('bad position');
    if (!dailyBoard) dailyBoard = new Board(byTest('daily-puzzle-board'), { interactive: false, ids: 'daily-' });
    dailyBoard.render({
      stacks: checked.position.stacks,
      removed: {},
      lastMove: null,
      legal: [],
      selected: null,
      targets: new Set(),
      selectable: new Set(),
      hint: [],
      placementTarget: false,
    });
    byTest('daily-puzzle-task').textContent = t(`puzzles.task.${p.goal}.${p.side}`);
    card.hidden = false;
  } catch {
    card.hidden = true;
  }
}

// Re-renders the dynamic text after a language switch.
export function relabelPuzzles() {
  if (board) board.build();
  if (dailyBoard) dailyBoard.build();
  if (!byTest('puzzles').hidden && cur.puzzle) {
    renderPuzzle();
    if (cur.answer) renderControls();
  }
  if (!byTest('daily-puzzle-card').hidden) syncDailyCard();
}
