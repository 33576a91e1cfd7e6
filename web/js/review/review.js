// Game review on a finished game's page (docs/ui.md "Game review"): the
// Review button asks the server for the engine's view of the game, a
// progress bar follows the job (pushed over the game's WebSocket, polled
// as a fallback), then the evaluation chart, each move's mark in the move
// list, the engine's best line at the position shown (listed, and its
// first move drawn on the board) and each player's summary.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isOver, noResult } from '../game_text.js';
import { goTo } from '../history.js';
import { drawChart, plyAt } from './review_chart.js';

// currentGame() is the game shown (or null), render() draws it again,
// board() the Board.
let hooks = { currentGame: () => null, render: () => {}, board: () => null };

const MARKS = { best: '★', inaccuracy: '?!', mistake: '?', blunder: '??' };
const POLL_MS = 1500;

export function setupReview({ currentGame, render, board }) {
  hooks = { currentGame, render, board };
  byTest('review-request').addEventListener('click', () => requestReview(currentGame()));
  const chart = byTest('review-chart');
  chart.addEventListener('click', (e) => goTo(plyAt(chart, e)));
}

async function loadReview(game) {
  game.review = { status: 'loading' };
  try {
    accept(game, await api.review(game.id));
  } catch (e) {
    game.review = { status: 'none', error: e.status === 404 ? null : errorText(e) };
  }
  hooks.render();
}

async function requestReview(game) {
  if (!game || (game.review && (game.review.status === 'queued' || game.review.status === 'running'))) return;
  game.review = { status: 'queued', progress: { done: 0, total: game.state.moves.length + 1 } };
  hooks.render();
  try {
    accept(game, await api.requestReview(game.id));
  } catch (e) {
    game.review = { status: 'none', error: t('review.refused', { error: errorText(e) }) };
  }
  hooks.render();
}

// A job's status from the server (an answer or a pushed message).
function accept(game, status) {
  if (!status || (status.game && status.game !== game.id)) return;
  game.review = status;
  clearTimeout(game.reviewPoll);
  // The WebSocket pushes the progress; a poll makes sure it is seen even
  // when the connection is down.
  if (status.status === 'queued' || status.status === 'running') {
    game.reviewPoll = setTimeout(async () => {
      if (hooks.currentGame() !== game) return;
      try {
        accept(game, await api.review(game.id));
        hooks.render();
      } catch {
        /* the next push or poll */
      }
    }, POLL_MS);
  }
}

// A {"type": "review-progress"} message on the game's WebSocket.
export function onReviewMessage(game, message) {
  if (message.type !== 'review-progress') return false;
  accept(game, message);
  hooks.render();
  return true;
}

const signed = (x) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(x % 1 === 0 ? 0 : 2)}`;

export function renderReview(game) {
  const section = byTest('review');
  // A finished game with moves (not one aborted or cancelled before them).
  const over = isOver(game.state) && !noResult(game.state) && game.state.moves.length > 0;
  section.hidden = !over;
  if (!over) return;
  if (game.review === undefined) {
    loadReview(game);
    return;
  }
  const r = game.review;
  const busy = r.status === 'queued' || r.status === 'running' || r.status === 'loading';
  byTest('review-request').hidden = busy || r.status === 'done';
  const waiting = byTest('review-waiting');
  waiting.hidden = !(r.status === 'queued' || r.status === 'running');
  if (!waiting.hidden) {
    const { done, total } = r.progress || { done: 0, total: 1 };
    const bar = byTest('review-progress');
    bar.max = total;
    bar.value = done;
    byTest('review-progress-label').textContent =
      r.status === 'queued' ? t('review.queued') : t('review.running', { done, total });
  }
  const error = byTest('review-error');
  const problem = r.status === 'failed' ? t('review.failed', { error: r.error || '' }) : r.error || '';
  error.textContent = problem;
  error.hidden = !problem;
  const result = byTest('review-result');
  result.hidden = r.status !== 'done' || !r.review;
  if (result.hidden) return;
  const review = r.review;
  const n = game.state.moves.length;
  if (review.moves.length !== n) return; // not this game's moves
  const shown = game.viewIndex == null ? n : game.viewIndex;
  drawChart(byTest('review-chart'), review, shown);
  renderHere(review, shown);
  markMoves(review);
  renderSummary(review);
  drawBest(review.positions[shown]);
}

// What the engine says at the position shown, and of the move that led to it.
function renderHere(review, shown) {
  const p = review.positions[shown];
  const here = byTest('review-here');
  const score = signed(p.score);
  let text = p.exact ? t('review.hereExact', { score }) : t('review.here', { score, chance: Math.round(p.win_chance) });
  if (shown > 0) {
    const m = review.moves[shown - 1];
    const kind = t(`review.class.${m.class}`);
    text +=
      ' ' +
      (m.class === 'best' || m.class === 'forced' || !m.best
        ? t('review.played', { n: shown, move: m.move, kind })
        : t('review.playedBest', { n: shown, move: m.move, kind, best: m.best }));
  }
  here.textContent = text;
  byTest('review-line').textContent = p.over ? t('review.over') : t('review.best', { line: p.line.join(' ') });
}

// The move list's buttons (move_list.js) get each move's mark.
function markMoves(review) {
  for (const b of document.querySelectorAll('[data-testid="move-list"] .mv[data-ply]')) {
    const m = review.moves[Number(b.dataset.ply) - 1];
    if (!m || b.dataset.review === m.class) continue;
    b.dataset.review = m.class;
    if (MARKS[m.class]) b.appendChild(el('span', { class: 'review-mark', 'aria-hidden': 'true' }, MARKS[m.class]));
    if (m.class !== 'good') b.appendChild(el('span', { class: 'sr-only' }, ` (${t(`review.class.${m.class}`)})`));
    b.title = `${b.title} — ${t(`review.class.${m.class}`)}`;
  }
}

function renderSummary(review) {
  const body = byTest('review-summary').querySelector('tbody');
  body.innerHTML = '';
  for (const side of ['white', 'black']) {
    const s = review.players[side];
    const tr = el('tr', { 'data-side': side });
    tr.appendChild(el('th', { scope: 'row' }, t(side === 'white' ? 'side.White' : 'side.Black')));
    tr.appendChild(el('td', { 'data-testid': `review-accuracy-${side}` }, `${s.accuracy.toFixed(1)}%`));
    for (const k of ['inaccuracies', 'mistakes', 'blunders'])
      tr.appendChild(el('td', { 'data-kind': k }, String(s[k])));
    body.appendChild(tr);
  }
}

// The engine's best move at the position shown, on the board: an arrow for
// a stack move, a ring for a placement.
function drawBest(p) {
  const board = hooks.board();
  if (!board) return;
  board.svg.dataset.reviewBest = (p && !p.over && p.best) || '';
  if (!p || p.over || !p.best || p.best === 'PASS') return;
  if (p.best.length === 4) board.arrow(p.best.slice(0, 2), p.best.slice(2), 'review-arrow', 'arrow-hint');
  else {
    const [x, y] = board.center(p.best);
    const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    c.setAttribute('cx', String(x));
    c.setAttribute('cy', String(y));
    c.setAttribute('r', '12');
    c.setAttribute('class', 'review-place');
    board.arrowLayer.appendChild(c);
  }
}
