// The board view: the position shown (live, or one from the history), the
// board drawn with what may be clicked, the note on removed stacks, what a
// click on a space does, and the pieces of the stack under the pointer.
import * as Rules from './rules.js';
import { describeStack } from './board.js';
import { t, tn } from './i18n.js';
import { byTest, say } from './dom.js';
import { explainCannotAct, isMyTurn, sideName } from './game_text.js';

// The position shown: live (from the server) or one from the history.
export function shownView(game) {
  const st = game.state;
  if (game.viewIndex == null || !game.hist) {
    return {
      live: true,
      stacks: st.stacks,
      removed: st.removed || {},
      lastMove: st.last_move,
      legal: st.legal || [],
      phase: st.phase,
      toMove: st.to_move,
      placed: st.placed || 0,
      score: st.score,
    };
  }
  const h = game.hist[game.viewIndex];
  const p = h.position;
  return {
    live: false,
    stacks: p.stacks,
    removed: h.removed,
    lastMove: h.move,
    legal: Rules.legalMoves(p),
    phase: p.phase,
    toMove: p.toMove,
    placed: p.placed,
    score: Rules.score(p.stacks),
  };
}

// A bare position as the explanations here read a game: whoever is to move
// plays, with the given legal moves (the tutorial and the analysis board).
export function positionAsGame(position, legal) {
  return {
    seat: position.toMove,
    viewIndex: null,
    state: { stacks: position.stacks, phase: position.phase, to_move: position.toMove, legal, result: 'ongoing' },
  };
}

export function targetsOf(game, sq) {
  return new Set(game.state.legal.filter((m) => m.length === 4 && m.startsWith(sq)).map((m) => m.slice(2)));
}

// Draws the board of `view` (shownView) on `board` (a Board); mine: this
// seat may act on it now.
export function renderBoard(board, game, view, mine) {
  const st = game.state;
  let targets = new Set(),
    selectable = new Set();
  if (mine && st.phase === 'movement') {
    if (game.selected) targets = targetsOf(game, game.selected);
    for (const m of st.legal) if (m.length === 4) selectable.add(m.slice(0, 2));
  }
  board.render({
    stacks: view.stacks,
    removed: view.removed,
    lastMove: view.lastMove,
    legal: view.live ? st.legal : view.legal,
    selected: view.live ? game.selected : null,
    targets,
    selectable: view.live ? selectable : new Set(),
    hint: view.live ? game.hint : [],
    placementTarget: mine && st.phase === 'placement',
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
}

// A click on space sq: select a stack, move it, place a piece, or say why
// none of that can happen.
export function clickSpace(game, sq, { sendMove, render }) {
  if (!game || !game.state) return;
  const st = game.state;
  const stack = st.stacks[sq];
  if (!isMyTurn(game) || game.viewIndex != null) {
    say(explainCannotAct(game), 'error');
    return;
  }
  if (game.pending) return;
  if (st.phase === 'placement') {
    if (stack) {
      say(t('explain.occupied', { sq }), 'error');
      return;
    }
    say('');
    sendMove(sq);
    return;
  }
  if (st.legal.length === 1 && st.legal[0] === 'PASS') {
    say(t('explain.mustPass'), 'error');
    return;
  }
  const side = st.to_move;
  if (game.selected) {
    const from = game.selected;
    if (sq === from) {
      game.selected = null;
      say('');
      render();
      return;
    }
    if (st.legal.includes(from + sq)) {
      game.selected = null;
      say('');
      sendMove(from + sq);
      return;
    }
    if (stack && Rules.ownerOf(stack) === side) {
      /* select another stack below */
    } else {
      const h = st.stacks[from].length;
      say(!stack ? t('explain.landEmpty', { sq }) : tn('explain.cannotReach', h, { from, sq }), 'error');
      return;
    }
  }
  if (!stack) {
    say(t(`explain.emptyClick.${side}`, { sq }), 'error');
    return;
  }
  if (stack === 'd') {
    say(t('explain.loneDvonn'), 'error');
    return;
  }
  const owner = Rules.ownerOf(stack);
  if (owner !== side) {
    say(t(`explain.notYours.${owner}`, { sq, side: sideName(owner) }), 'error');
    return;
  }
  if (Rules.isSurrounded(st.stacks, sq)) {
    say(t('explain.surrounded', { sq }), 'error');
    return;
  }
  if (!targetsOf(game, sq).size) {
    say(tn('explain.noTarget', stack.length, { sq }), 'error');
    return;
  }
  game.selected = sq;
  const targets = [...targetsOf(game, sq)].sort();
  say(t('explain.selected', { sq, targets: targets.join(', ') }));
  render();
}

// Why a typed move (normalised: "E3", "A1B2" or "PASS") cannot be played
// in the live position, in the player's words; null when it is legal.
// Checked here so that no request goes out for a move known to be illegal.
export function explainMove(game, move) {
  const st = game.state;
  if (!isMyTurn(game) || game.viewIndex != null) return explainCannotAct(game);
  if (st.legal.includes(move)) return null;
  if (st.phase === 'placement') {
    if (move === 'PASS') return t('explain.noPassPlacing');
    if (move.length === 4) return t('explain.placing', { example: st.legal[0] || 'E3' });
    return t('explain.occupied', { sq: move });
  }
  if (st.legal.length === 1 && st.legal[0] === 'PASS') return t('explain.mustPass');
  if (move === 'PASS') return t('explain.noPass');
  if (move.length === 2) {
    const ex = st.legal.find((m) => m.length === 4) || 'A1B2';
    return t('explain.moving', { example: ex });
  }
  const from = move.slice(0, 2),
    to = move.slice(2);
  const stack = st.stacks[from];
  const side = st.to_move;
  if (!stack) return t('explain.noStack', { sq: from });
  if (stack === 'd') return t('explain.loneDvonn');
  const owner = Rules.ownerOf(stack);
  if (owner !== side) return t(`explain.notYours.${owner}`, { sq: from, side: sideName(owner) });
  if (Rules.isSurrounded(st.stacks, from)) return t('explain.surrounded', { sq: from });
  if (!st.stacks[to]) return t('explain.landEmpty', { sq: to });
  if (!targetsOf(game, from).size) return tn('explain.noTarget', stack.length, { sq: from });
  return tn('explain.cannotReach', stack.length, { from, sq: to });
}

// ---------- a stack's pieces (hover, focus or tap) ----------
// Shown in a strip under the board, never over it: a floating tooltip hid
// the very targets it described.
export function showStackInfo(game, sq, ev, enter) {
  const tip = byTest('stack-tooltip');
  if (!enter) {
    // A finger leaves the space as soon as it lifts: keep what it tapped.
    if (!(ev && ev.pointerType === 'touch') && tip.dataset.square === sq) hideStackInfo();
    return;
  }
  if (!game || !game.state) return;
  const view = shownView(game);
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

export function hideStackInfo() {
  const tip = byTest('stack-tooltip');
  tip.hidden = true;
  tip.dataset.square = '';
  byTest('stack-info').classList.remove('shown');
}
