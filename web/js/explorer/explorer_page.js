// The placement explorer (#explorer, #explorer?position=POSITION,
// #explorer=POSITION; docs/ui.md "Placement explorer"): from a placement-
// phase position, the placements played in the archive's games ("Players")
// or in the bundled engine games ("Engine"), how often and how each scored,
// with the engine's view of each as it arrives. A row or a space on the
// board goes forward, Back and Start go back.
import * as Rules from '../rules.js';
import { api } from '../api.js';
import { Board } from '../board.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { sideName } from '../game_text.js';
import { checkPositionString } from '../analysis/analysis_position.js';
import { analysisLink } from '../analysis/analysis_page.js';
import { readExplorerInput } from './explorer_input.js';

const POLL_MS = 1000;
let board = null;
let path = []; // [{position, move}] from the position the page opened at
let data = null; // the answer for the position shown
let view = null; // the engine's view of it (null until it arrives)
let filters = { source: 'players', band: 'all', family: 'all' };
let pollTimer = null;
let asked = 0; // numbers the requests, so a late answer is dropped

// The route of a hash (without '#'): null when it is not the explorer.
export function explorerRoute(hash) {
  const m = /^explorer(?:([=?&])(.*))?$/.exec(hash);
  if (!m) return null;
  if (!m[1]) return { position: '' };
  if (m[1] === '=') return { position: decodeURIComponent(m[2].split('&')[0]) };
  return { position: new URLSearchParams(m[2]).get('position') || '' };
}

// A link that opens the explorer at a position string.
export function explorerLink(position) {
  return `#explorer?position=${encodeURIComponent(position)}`;
}

export function setupExplorer() {
  board = new Board(byTest('explorer-board'), { onClick: clickSpace, ids: 'explorer-' });
  byTest('explorer-start').addEventListener('click', () => goTo(1));
  byTest('explorer-back').addEventListener('click', () => goTo(path.length - 1));
  for (const name of ['source', 'band', 'family']) {
    byTest(`explorer-${name}`).addEventListener('change', (ev) => {
      filters[name] = ev.target.value;
      load();
    });
  }
  byTest('explorer-moves').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-move]');
    if (b) playMove(b.dataset.move);
  });
  byTest('explorer-engine-top').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-move]');
    if (b) playMove(b.dataset.move);
  });
  byTest('explorer-input-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const r = readExplorerInput(byTest('explorer-input').value);
    const msg = byTest('explorer-input-error');
    if (r.error) {
      msg.textContent = t('explorer.badInput', { why: t(r.error[0], r.error[1]) });
      msg.hidden = false;
      return;
    }
    msg.textContent = '';
    msg.hidden = true;
    byTest('explorer-input').value = '';
    byTest('explorer-error').hidden = true;
    path = r.path;
    load();
  });
  document.addEventListener('keydown', (ev) => {
    if (byTest('explorer').hidden || ev.target.closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft' && path.length > 1) goTo(path.length - 1);
  });
}

export function showExplorer(r) {
  const start = r.position ? checkPositionString(r.position) : { position: Rules.emptyPosition() };
  const msg = byTest('explorer-error');
  if (start.error || start.position.phase !== 'placement') {
    msg.textContent = start.error
      ? t('explorer.badPosition', { why: t(start.error[0], start.error[1]) })
      : t('explorer.notPlacement');
    msg.hidden = false;
    path = [{ position: Rules.emptyPosition(), move: null }];
  } else {
    msg.hidden = true;
    msg.textContent = '';
    path = [{ position: start.position, move: null }];
  }
  load();
}

export function leaveExplorer() {
  clearTimeout(pollTimer);
  pollTimer = null;
  asked++;
}

export function relabelExplorer() {
  if (!byTest('explorer').hidden && path.length) render();
}

const here = () => path[path.length - 1];
const positionString = () => Rules.toPositionString(here().position);

function goTo(length) {
  if (length < 1 || length >= path.length + 1) return;
  path = path.slice(0, length);
  load();
}

function playMove(move) {
  const p = here().position;
  if (p.phase !== 'placement') return;
  const r = Rules.applyMove(p, move);
  if (r.error) return;
  path.push({ position: r.position, move });
  load();
}

function clickSpace(sq) {
  const p = here().position;
  if (p.phase === 'placement' && !p.stacks[sq]) playMove(sq);
}

// Asks for the position shown (after a move, Back, Start or a filter), and
// the engine's view of it while it is in the placement phase.
async function load() {
  const n = ++asked;
  clearTimeout(pollTimer);
  data = null;
  view = null;
  render();
  // The last placement leads to the move phase: nothing to explore there.
  if (here().position.phase !== 'placement') return;
  const position = positionString();
  history.replaceState(null, '', explorerLink(position));
  byTest('explorer-analyse').href = analysisLink(position);
  try {
    const d = await api.explorer({ position, ...filters });
    if (n !== asked) return;
    data = d;
    byTest('explorer-message').textContent = '';
  } catch (e) {
    if (n !== asked) return;
    byTest('explorer-message').textContent = t('explorer.failed', { error: errorText(e) });
  }
  render();
  askEngine(n, position);
}

async function askEngine(n, position) {
  try {
    const v = await api.explorerEngine(position);
    if (n !== asked) return;
    if (v.status === 'done') {
      view = v;
      byTest('explorer-engine-status').textContent = '';
      render();
      return;
    }
    byTest('explorer-engine-status').textContent = t('explorer.engineThinking');
  } catch (e) {
    if (n !== asked) return;
    byTest('explorer-engine-status').textContent = t('explorer.engineFailed', { error: errorText(e) });
    if (e.status !== 429 && e.status !== 503) return;
  }
  pollTimer = setTimeout(() => askEngine(n, position), POLL_MS);
}

// ---------- drawing ----------
function pct(part, games) {
  return games ? Math.round((100 * part) / games) : 0;
}

function evalText(e) {
  if (!e) return '…';
  const s = e.white_score;
  return `${e.exact ? '=' : ''}${s > 0 ? '+' : ''}${s.toFixed(1)}`;
}

function render() {
  if (!board || !path.length) return;
  const p = here().position;
  board.render({
    stacks: p.stacks,
    removed: {},
    lastMove: here().move,
    legal: p.phase === 'placement' ? Rules.legalMoves(p) : [],
    selected: null,
    targets: new Set(),
    selectable: new Set(),
    hint: [],
    placementTarget: p.phase === 'placement',
  });
  byTest('explorer-board').classList.toggle('interactive', p.phase === 'placement');
  byTest('explorer').dataset.position = Rules.toPositionString(p);
  byTest('explorer').dataset.loaded = data ? 'true' : 'false';
  byTest('explorer-turn').textContent =
    p.phase === 'placement'
      ? t('explorer.toPlace', { side: sideName(p.toMove), n: p.placed + 1 })
      : t('explorer.placementOver');
  byTest('explorer-line').textContent =
    path.length > 1
      ? path
          .slice(1)
          .map((s) => s.move)
          .join(' ')
      : t('explorer.startLine');
  byTest('explorer-back').disabled = path.length < 2;
  byTest('explorer-start').disabled = path.length < 2;
  byTest('explorer-band').disabled = filters.source === 'engine';
  byTest('explorer-family').disabled = filters.source === 'engine';
  byTest('explorer-analyse').href = analysisLink(Rules.toPositionString(p));
  renderTable(p);
  renderEngineTop();
}

function renderTable(p) {
  const body = byTest('explorer-moves');
  body.innerHTML = '';
  const total = byTest('explorer-total');
  if (!data) {
    total.textContent = p.phase === 'placement' ? t('explorer.loading') : '';
    byTest('explorer-empty').hidden = true;
    return;
  }
  total.textContent = t('explorer.total', { games: data.total.games });
  byTest('explorer-empty').hidden = data.moves.length > 0;
  const evals = new Map((view ? view.moves : []).map((e) => [e.move, e]));
  for (const m of data.moves) body.appendChild(row(m, evals.get(m.move)));
}

function row(m, e) {
  const w = pct(m.white, m.games),
    d = pct(m.draws, m.games),
    b = pct(m.black, m.games);
  const tr = el('tr', { 'data-move-row': m.move });
  const label = t('explorer.rowLabel', { move: m.move, games: m.games, white: w, draws: d, black: b, score: m.score });
  const cell = el('td', { class: 'explorer-move' });
  cell.appendChild(el('button', { type: 'button', 'data-move': m.move, 'aria-label': label }, m.move));
  tr.appendChild(cell);
  tr.appendChild(el('td', { class: 'num' }, String(m.games)));
  const bar = el('td', { class: 'explorer-bar-cell' });
  const barBox = el('div', { class: 'explorer-bar', 'aria-hidden': 'true', title: `${w}% / ${d}% / ${b}%` });
  for (const [cls, v] of [
    ['w', w],
    ['d', d],
    ['b', b],
  ]) {
    const part = el('span', { class: `part ${cls}`, style: `width:${v}%` }, v >= 18 ? `${v}%` : '');
    barBox.appendChild(part);
  }
  bar.appendChild(barBox);
  tr.appendChild(bar);
  tr.appendChild(el('td', { class: 'num' }, `${m.score}%`));
  tr.appendChild(el('td', { class: 'num explorer-rating' }, m.rating == null ? '–' : String(m.rating)));
  tr.appendChild(
    el('td', { class: 'num explorer-eval', 'data-testid': `explorer-eval-${m.move}` }, evalText(view ? e : null)),
  );
  return tr;
}

// The engine's favourite placements that nobody played here.
function renderEngineTop() {
  const list = byTest('explorer-engine-top');
  list.innerHTML = '';
  byTest('explorer-engine-box').hidden = !view;
  if (!view) return;
  const played = new Set((data ? data.moves : []).map((m) => m.move));
  for (const e of view.moves.filter((x) => !played.has(x.move)).slice(0, 3)) {
    const li = el('li');
    li.appendChild(
      el(
        'button',
        {
          type: 'button',
          'data-move': e.move,
          'aria-label': t('explorer.engineLabel', { move: e.move, score: evalText(e) }),
        },
        `${e.move} ${evalText(e)}`,
      ),
    );
    list.appendChild(li);
  }
  if (!list.children.length) list.appendChild(el('li', { class: 'help' }, t('explorer.engineAllPlayed')));
}
