// The analysis board (#analysis, #analysis=POSITION, #analysis&game=ID&ply=N,
// ?position=POSITION#analysis; docs/ui.md "Analysis board"): any position,
// moves for both sides kept as a tree of variations, the engine's best
// lines as it thinks (analysis_engine.js), and the position to copy, share
// or paste.
import * as Rules from '../rules.js';
import { api } from '../api.js';
import { Board } from '../board.js';
import { t, tn, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { explainMove, positionAsGame, targetsOf } from '../board_view.js';
import { sideName } from '../game_text.js';
import { findNode, moverOf, newTree, play, playLine, removeBranch } from './analysis_tree.js';
import { checkPositionString } from './analysis_position.js';
import { closeEngine, renderEngine, request, setupEngine } from './analysis_engine.js';

let board = null;
let root = null;
let cur = null; // the node shown
let selected = null; // the stack chosen to move
let source = ''; // what the page was opened with (its hash)

// The route of an address (URLSearchParams of the hash): null when it is
// not the analysis board.
export function analysisRoute(h) {
  if (!h.has('analysis')) return null;
  const query = new URLSearchParams(location.search);
  return {
    position: h.get('analysis') || query.get('position') || '',
    game: h.get('game') || '',
    ply: h.has('ply') ? Number(h.get('ply')) : null,
  };
}

// A link that opens the analysis board at a position string.
export function analysisLink(position) {
  return `#analysis=${encodeURIComponent(position)}`;
}

export function setupAnalysis() {
  board = new Board(byTest('analysis-board'), { onClick: clickSpace, ids: 'analysis-' });
  setupEngine({ onPlay: (move) => playMove(move) });
  byTest('analysis-start').addEventListener('click', () => goTo(root));
  byTest('analysis-prev').addEventListener('click', () => cur.parent && goTo(cur.parent));
  byTest('analysis-next').addEventListener('click', () => cur.children.length && goTo(cur.children[0]));
  byTest('analysis-delete').addEventListener('click', () => {
    if (!cur.parent) return;
    goTo(removeBranch(cur));
    feedback(t('analysis.deleted'), 'note');
  });
  byTest('analysis-pass').addEventListener('click', () => playMove('PASS'));
  byTest('analysis-copy').addEventListener('click', () => copy(positionString(), 'analysis.copiedPosition'));
  byTest('analysis-share').addEventListener('click', () =>
    copy(`${location.origin}${location.pathname}${analysisLink(positionString())}`, 'analysis.copiedLink'),
  );
  byTest('analysis-paste-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = byTest('analysis-paste').value;
    const r = checkPositionString(text);
    const msg = byTest('analysis-paste-error');
    if (r.error) {
      msg.textContent = t('analysis.badPosition', { why: t(r.error[0], r.error[1]) });
      msg.hidden = false;
      return;
    }
    msg.textContent = '';
    msg.hidden = true;
    byTest('analysis-paste').value = '';
    start(r.position);
    history.replaceState(null, '', analysisLink(positionString()));
    source = location.hash;
  });
  byTest('analysis-tree').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-node]');
    if (b) goTo(findNode(root, Number(b.dataset.node)));
  });
  document.addEventListener('keydown', (ev) => {
    if (byTest('analysis').hidden || !cur || ev.target.closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft' && cur.parent) goTo(cur.parent);
    else if (ev.key === 'ArrowRight' && cur.children.length) goTo(cur.children[0]);
  });
}

// Shows the board for a route (analysisRoute); the same address again
// keeps the tree.
export async function showAnalysis(r) {
  if (root && location.hash === source) return render();
  source = location.hash;
  const msg = byTest('analysis-paste-error');
  msg.hidden = true;
  feedback('', '');
  if (r.game) {
    try {
      const rec = Rules.parseRecord(await api.record(r.game));
      const first = newTree(Rules.recordStart(rec.tags));
      const last = playLine(first, rec.moves);
      root = first;
      let at = last;
      if (r.ply != null) while (at.parent && at.ply > r.ply) at = at.parent;
      cur = at;
      selected = null;
      render();
      return;
    } catch (e) {
      feedback(t('analysis.gameFailed', { error: errorText(e) }), 'error');
    }
  }
  if (r.position) {
    const p = checkPositionString(r.position);
    if (p.error) {
      feedback(t('analysis.badPosition', { why: t(p.error[0], p.error[1]) }), 'error');
      start(Rules.emptyPosition());
      return;
    }
    start(p.position);
    return;
  }
  if (!r.game) start(Rules.emptyPosition());
}

// Leaving the page: the engine stops.
export function leaveAnalysis() {
  closeEngine();
  source = '';
  root = null;
}

export function relabelAnalysis() {
  if (!byTest('analysis').hidden && cur) render();
}

function start(position) {
  root = newTree(position);
  cur = root;
  selected = null;
  render();
}

const positionString = () => Rules.toPositionString(cur.position);

function goTo(n) {
  if (!n) return;
  cur = n;
  selected = null;
  feedback('', '');
  render();
}

async function copy(text, done) {
  const note = byTest('analysis-copied');
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = t(done);
  } catch {
    note.textContent = t('analysis.copyManually', { text });
  }
  note.hidden = false;
}

function feedback(text, kind) {
  const f = byTest('analysis-feedback');
  f.textContent = text;
  f.dataset.kind = kind;
}

// The position as board_view.js's explanations read a game: whoever is to
// move plays.
function fakeGame() {
  return positionAsGame(cur.position, Rules.legalMoves(cur.position));
}

// ---------- playing ----------
function playMove(move) {
  const p = cur.position;
  if (p.phase === 'over') return feedback(t('analysis.over'), 'error');
  const why = explainMove(fakeGame(), move);
  if (why) return feedback(why, 'error');
  const r = play(cur, move);
  if (r.error) return feedback(t('analysis.illegal', { move }), 'error');
  const fresh = !r.node.children.length && r.node.parent === cur;
  cur = r.node;
  selected = null;
  feedback('', '');
  render();
  if (fresh && move !== 'PASS') board.animateMove(move, cur.position.stacks);
}

function clickSpace(sq) {
  if (!cur) return;
  const p = cur.position;
  if (p.phase === 'over') return feedback(t('analysis.over'), 'error');
  if (p.phase === 'placement') return playMove(sq);
  const stack = p.stacks[sq];
  const legal = Rules.legalMoves(p);
  if (selected) {
    const from = selected;
    if (sq === from) {
      selected = null;
      feedback('', '');
      return render();
    }
    const own = stack && Rules.ownerOf(stack) === p.toMove;
    if (legal.includes(from + sq) || !own) {
      selected = null;
      render();
      return playMove(from + sq);
    }
  }
  if (legal.length === 1 && legal[0] === 'PASS') return feedback(t('explain.mustPass'), 'error');
  if (!stack) return feedback(t(`explain.emptyClick.${p.toMove}`, { sq }), 'error');
  if (stack === 'd') return feedback(t('explain.loneDvonn'), 'error');
  const owner = Rules.ownerOf(stack);
  if (owner !== p.toMove) return feedback(t(`explain.notYours.${owner}`, { sq, side: sideName(owner) }), 'error');
  if (Rules.isSurrounded(p.stacks, sq)) return feedback(t('explain.surrounded', { sq }), 'error');
  const targets = [...targetsOf(fakeGame(), sq)].sort();
  if (!targets.length) return feedback(tn('explain.noTarget', stack.length, { sq }), 'error');
  selected = sq;
  feedback(t('explain.selected', { sq, targets: targets.join(', ') }), 'info');
  render();
}

// ---------- drawing ----------
function render() {
  if (!board || !cur) return;
  const p = cur.position;
  const legal = Rules.legalMoves(p);
  const selectable = new Set();
  if (p.phase === 'movement') for (const m of legal) if (m.length === 4) selectable.add(m.slice(0, 2));
  board.render({
    stacks: p.stacks,
    removed: cur.removed,
    lastMove: cur.move,
    legal,
    selected,
    targets: selected ? targetsOf(fakeGame(), selected) : new Set(),
    selectable,
    hint: [],
    placementTarget: p.phase === 'placement',
  });
  byTest('analysis-board').classList.toggle('interactive', p.phase !== 'over');
  const sc = Rules.score(p.stacks);
  const turn =
    p.phase === 'over'
      ? t('analysis.overScore', { white: sc.white, black: sc.black })
      : t(p.phase === 'placement' ? 'analysis.toPlace' : 'analysis.toMove', {
          side: sideName(p.toMove),
          white: sc.white,
          black: sc.black,
        });
  byTest('analysis-turn').textContent = turn;
  byTest('analysis').dataset.position = Rules.toPositionString(p);
  byTest('analysis').dataset.node = String(cur.id);
  byTest('analysis-pass').hidden = !(legal.length === 1 && legal[0] === 'PASS');
  byTest('analysis-prev').disabled = !cur.parent;
  byTest('analysis-start').disabled = !cur.parent;
  byTest('analysis-next').disabled = !cur.children.length;
  byTest('analysis-delete').disabled = !cur.parent;
  byTest('analysis-copied').hidden = true;
  // The placement explorer at this position, while placements are played.
  byTest('analysis-explore').hidden = p.phase !== 'placement';
  byTest('analysis-explore').href = `#explorer?position=${encodeURIComponent(Rules.toPositionString(p))}`;
  renderTree();
  request(p.phase === 'over' ? null : Rules.toPositionString(p));
  renderEngine();
}

// The moves: the main line, each variation indented under the move it
// branches from.
function renderTree() {
  const box = byTest('analysis-tree');
  box.innerHTML = '';
  if (!root.children.length) {
    box.appendChild(el('p', { class: 'help' }, t('analysis.noMoves')));
    return;
  }
  box.appendChild(line(root, 0));
}

function line(from, depth) {
  const ol = el('ol', { class: depth ? 'analysis-variation' : 'analysis-mainline' });
  let n = from;
  while (n.children.length) {
    const [main, ...others] = n.children;
    ol.appendChild(moveItem(main));
    for (const alt of others) {
      const li = el('li', { class: 'analysis-branch' });
      const sub = line({ children: [alt] }, depth + 1);
      li.appendChild(sub);
      ol.appendChild(li);
    }
    n = main;
  }
  return ol;
}

function moveItem(n) {
  const li = el('li', { class: 'analysis-move' });
  const side = moverOf(n);
  const b = el(
    'button',
    {
      type: 'button',
      class: `mv side-${side}`,
      'data-node': String(n.id),
      'data-move': n.move,
      'aria-label': t('analysis.moveLabel', { n: n.ply, side: sideName(side), move: n.move }),
      'aria-current': n === cur ? 'true' : null,
    },
    `${n.ply}. ${n.move}`,
  );
  li.appendChild(b);
  return li;
}
