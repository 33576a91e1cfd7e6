// Premoves: in an online game with a clock, while the opponent thinks, a
// player queues its next move (a placement on an empty space, or a stack
// move) from the position as it stands. It is sent the moment the
// opponent's move arrives if it is still legal, else dropped with a note.
// A tap on its space (or its stack) again, or the Cancel button, clears it.
import * as Rules from './rules.js';
import { t } from './i18n.js';
import { byTest, say } from './dom.js';
import { isOver } from './game_text.js';

// Whether the player of `game` may queue a premove now.
export function canPremove(game) {
  const st = game && game.state;
  if (!st || game.viewIndex != null) return false;
  const seated = game.seat === 'white' || game.seat === 'black';
  return (
    seated &&
    st.mode === 'online' &&
    !!st.clock &&
    st.started !== false &&
    !isOver(st) &&
    st.to_move !== game.seat &&
    st.to_move !== 'none'
  );
}

function squaresOf(move) {
  return move ? (move.length === 4 ? [move.slice(0, 2), move.slice(2)] : [move]) : [];
}

export function clearPremove(game) {
  if (!game) return;
  game.premove = null;
  game.preselect = null;
}

// A click on space sq while the opponent is to move; true when handled.
export function premoveClick(game, sq, render) {
  if (!canPremove(game)) return false;
  const st = game.state;
  if (game.premove) {
    // A tap on the queued move's own spaces cancels it.
    if (squaresOf(game.premove).includes(sq)) {
      clearPremove(game);
      say(t('premove.cancelled'));
      render();
      return true;
    }
  }
  const stack = st.stacks[sq];
  if (st.phase === 'placement') {
    if (stack) {
      say(t('explain.occupied', { sq }), 'error');
      return true;
    }
    game.premove = sq;
    game.preselect = null;
    say('');
    render();
    return true;
  }
  if (game.preselect) {
    const from = game.preselect;
    if (sq === from) {
      game.preselect = null;
      render();
      return true;
    }
    if (stack) {
      game.premove = from + sq;
      game.preselect = null;
      say('');
      render();
      return true;
    }
  }
  if (stack && stack !== 'd' && Rules.ownerOf(stack) === game.seat) {
    game.preselect = sq;
    game.premove = null;
    say(t('premove.from', { sq }));
    render();
    return true;
  }
  say(t('premove.pick'), 'error');
  return true;
}

// After a new state: plays the queued move if it is now this seat's turn.
export function playPremove(game, sendMove) {
  const st = game && game.state;
  if (!st || !(game.premove || game.preselect)) return;
  if (isOver(st)) return clearPremove(game);
  if (st.to_move !== game.seat || game.viewIndex != null) return;
  const move = game.premove;
  clearPremove(game);
  if (!move) return;
  if ((st.legal || []).includes(move)) sendMove(move);
  else say(t('premove.dropped', { move: move.length === 4 ? `${move.slice(0, 2)}-${move.slice(2)}` : move }), 'error');
}

// The queued move on the board, in the status line and the Cancel button.
export function renderPremove(game) {
  const shown = canPremove(game) ? game : null;
  const marked = new Set(squaresOf(shown && shown.premove));
  if (shown && shown.preselect) marked.add(shown.preselect);
  for (const g of document.querySelectorAll('[data-testid="board"] .space')) {
    const sq = g.dataset.square;
    const on = marked.has(sq);
    g.classList.toggle('premove', on);
    const label = g.getAttribute('aria-label') || '';
    const suffix = t('premove.spaceLabel');
    if (on && !label.endsWith(suffix)) g.setAttribute('aria-label', label + suffix);
  }
  const status = byTest('premove-status');
  const cancel = byTest('premove-cancel');
  const move = shown && shown.premove;
  status.hidden = !move;
  cancel.hidden = !move && !(shown && shown.preselect);
  status.textContent = move
    ? t('premove.status', { move: move.length === 4 ? `${move.slice(0, 2)}-${move.slice(2)}` : move })
    : '';
  document.body.dataset.premove = move || '';
}
