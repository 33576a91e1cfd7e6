// The player panel: each side's name (a link to a member's profile),
// rating, score and pieces still to place, whose turn it is, the phase and
// the status line.
import { t } from './i18n.js';
import { $, byTest } from './dom.js';
import { piecesLeft, seatName, sideName, statusText } from './game_text.js';

export function renderPlayers(game) {
  const st = game.state;
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
      a.textContent = seatName(game, side);
      nameEl.appendChild(a);
    } else nameEl.textContent = seatName(game, side);
    byTest(`rating-${side}`).textContent = pl && typeof pl.rating === 'number' ? String(Math.round(pl.rating)) : '';
    $('.side', row).hidden = seatName(game, side) === sideName(side);
    byTest(`score-${side}`).textContent = String(st.score ? st.score[side] : 0);
    byTest(`left-${side}`).textContent = st.phase === 'placement' ? t('game.toPlace', { n: left[side] }) : '';
  }
}

export function renderTurn(game) {
  const st = game.state;
  const phase = byTest('phase');
  if (st.phase === 'placement') phase.textContent = t('phase.placement', { n: st.placed });
  else if (st.phase === 'movement') phase.textContent = t('phase.movement');
  else phase.textContent = t('game.over');
  byTest('status').textContent = statusText(game);
}
