// The analysis board's moves as a tree: each node is a position reached by
// one move from its parent; a node's first child is its main line, the
// others are variations. Playing a move that a node already has goes to
// that child; a new one starts a branch.
import * as Rules from '../rules.js';

let nextId = 1;

function node(parent, move, position, removed) {
  return { id: nextId++, parent, move, position, removed, children: [], ply: parent ? parent.ply + 1 : 0 };
}

export function newTree(start) {
  return node(null, null, Rules.clonePosition(start), {});
}

// The child of `at` reached by `move` (made if new); {error} if illegal.
export function play(at, move) {
  const known = at.children.find((c) => c.move === move);
  if (known) return { node: known };
  if (!Rules.legalMoves(at.position).includes(move)) return { error: true };
  const r = Rules.applyMove(at.position, move);
  if (r.error) return { error: true };
  const child = node(at, move, r.position, r.removed);
  at.children.push(child);
  return { node: child };
}

// Plays moves one after the other from `at` along the tree; returns the
// last node reached (stops at the first illegal move).
export function playLine(at, moves) {
  let n = at;
  for (const m of moves) {
    const r = play(n, m);
    if (r.error) break;
    n = r.node;
  }
  return n;
}

// Removes `n` and everything after it; returns its parent.
export function removeBranch(n) {
  const parent = n.parent;
  if (!parent) return n;
  parent.children = parent.children.filter((c) => c !== n);
  return parent;
}

export function findNode(root, id) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

// Whether `n` lies on the main line (first children all the way from the root).
export function onMainLine(n) {
  for (let c = n; c.parent; c = c.parent) if (c.parent.children[0] !== c) return false;
  return true;
}

// The side that played the move leading to `n`.
export const moverOf = (n) => (n.parent ? n.parent.position.toMove : null);
