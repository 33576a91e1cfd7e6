// The player panel: each side's name (a link to a member's profile),
// rating, score and pieces still to place, whose turn it is, the phase and
// the status line. `view` (board_view.js's shownView) is the position shown:
// the live one, or an earlier one with its own counts.
import { t } from './i18n.js';
import { $, byTest } from './dom.js';
import { countDecided, isOver, piecesLeft, seatName, sideName, statusText } from './game_text.js';

export function renderPlayers(game, view) {
  const st = game.state;
  const live = !view || view.live;
  const placed = live ? st.placed || 0 : view.placed;
  const phase = live ? st.phase : view.phase;
  const score = live ? st.score : view.score;
  const left = piecesLeft(placed);
  // After a resignation, a loss on time or an abort the count decided
  // nothing: the rows show none.
  const noCount = live && isOver(st) && !countDecided(st);
  for (const side of ['white', 'black']) {
    const row = byTest(`player-${side}`);
    const toMove = live ? st.to_move : view.toMove;
    // Nobody is to move before the game starts or after it ended.
    const waiting = live && (isOver(st) || st.started === false);
    row.classList.toggle('to-move', toMove === side && phase !== 'over' && !waiting);
    const nameEl = $('.name', row);
    const pl = st.players && st.players[side];
    nameEl.textContent = '';
    if (pl && pl.name && !pl.guest && !pl.deleted) {
      const a = document.createElement('a');
      a.href = `#profile=${encodeURIComponent(pl.name)}`;
      a.textContent = seatName(game, side);
      nameEl.appendChild(a);
    } else nameEl.textContent = seatName(game, side);
    byTest(`rating-${side}`).textContent = pl && typeof pl.rating === 'number' ? String(Math.round(pl.rating)) : '';
    $('.side', row).hidden = seatName(game, side) === sideName(side);
    byTest(`score-${side}`).textContent = String(score ? score[side] : 0);
    $('.count', row).hidden = noCount;
    byTest(`left-${side}`).textContent =
      phase === 'placement' && !(live && isOver(st)) ? t('game.toPlace', { n: left[side] }) : '';
  }
}

export function renderTurn(game, view) {
  const st = game.state;
  const live = !view || view.live;
  const phaseOf = live ? st.phase : view.phase;
  const placed = live ? st.placed : view.placed;
  const phase = byTest('phase');
  // Once the game is over the game-over panel says so (not this line too).
  if (live && isOver(st)) phase.textContent = '';
  else if (phaseOf === 'placement') phase.textContent = t('phase.placement', { n: placed });
  else if (phaseOf === 'movement') phase.textContent = t('phase.movement');
  else phase.textContent = '';
  phase.hidden = phase.textContent === '';
  const status = byTest('status');
  status.textContent = statusText(game, view);
  status.hidden = status.textContent === '';
}
