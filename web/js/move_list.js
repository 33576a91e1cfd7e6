// The move list: the game's moves in numbered rows, White's and Black's
// side by side, each a button that shows the position after it.
import * as Rules from './rules.js';
import { t } from './i18n.js';
import { byTest } from './dom.js';
import { other, sideName } from './game_text.js';
import { goTo } from './history.js';

// Who played each move. The start is known once the history is loaded; until
// then it is worked out from the state (placements so far, side to move).
function movers(game) {
  const st = game.state;
  let start = game.start;
  if (!start) {
    const placements = st.moves.filter((m) => m.length === 2 && m !== 'PASS').length;
    if (placements || st.phase === 'placement') {
      const placed = Math.max(0, (st.placed || 0) - placements);
      start = { phase: 'placement', placed, toMove: placed % 2 === 0 ? 'white' : 'black' };
    } else {
      const last = st.to_move === 'white' || st.to_move === 'black' ? st.to_move : null;
      const first = last && st.moves.length % 2 === 1 ? other(last) : last || 'white';
      start = { phase: 'movement', placed: 49, toMove: first };
    }
  }
  return Rules.moversOf(start, st.moves);
}

export function renderMoveList(game) {
  const st = game.state;
  const list = byTest('move-list');
  const cur = game.viewIndex == null ? st.moves.length : game.viewIndex;
  list.innerHTML = '';
  const sides = movers(game);
  for (const row of Rules.moveRows(sides)) {
    if (row.white != null && row.white === sides.movementFrom && row.white > 0) {
      // White placed the last piece and moves first: say so where it happens.
      const note = document.createElement('li');
      note.className = 'phase-note';
      note.textContent = t('moves.movementStarts');
      list.appendChild(note);
    }
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${row.num}.`;
    li.appendChild(num);
    for (const side of ['white', 'black']) {
      const j = row[side];
      if (j == null) {
        if (side === 'black' && row.white === st.moves.length - 1 && st.to_move !== 'white') break; // Black to reply
        const gap = document.createElement('span');
        gap.className = 'gap';
        gap.textContent = '…';
        gap.title = t(`moves.noMove.${side}`);
        li.appendChild(gap);
        continue;
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.textContent = st.moves[j];
      b.dataset.ply = String(j + 1);
      b.dataset.side = side;
      b.title = t('moves.title', { side: sideName(side), n: j + 1 });
      if (j + 1 === cur) b.classList.add('current');
      b.addEventListener('click', () => goTo(j + 1));
      li.appendChild(b);
    }
    list.appendChild(li);
  }
  if (game.viewIndex == null) list.scrollTop = list.scrollHeight;
}
