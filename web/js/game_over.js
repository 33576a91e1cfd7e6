// The panel shown once a game is over: the result, how it ended, the count
// and, in a rated game, both players' rating changes.
import { t } from './i18n.js';
import { $, byTest } from './dom.js';
import { endText, isOver, noResult, shortResult, sideName } from './game_text.js';
import { refreshMe } from './community/session.js';

export function renderGameOver(game) {
  const st = game.state;
  const over = byTest('game-over');
  if (isOver(st)) {
    over.hidden = false;
    over.dataset.end = st.end || '';
    over.dataset.result = st.result;
    let you = '';
    if ((game.seat === 'white' || game.seat === 'black') && !noResult(st)) {
      you = st.result === 'draw' ? t('over.draw') : st.result === game.seat ? t('over.won') : t('over.lost');
    }
    // One statement: the result, then how it ended (the final count only
    // when the count decided it).
    byTest('result').textContent = shortResult(st);
    byTest('game-end').textContent = endText(st);
    $('.detail', over).textContent = you;
    const rc = byTest('rating-changes');
    rc.innerHTML = '';
    const ch = st.rating_changes;
    rc.hidden = !ch;
    if (ch) {
      // The header shows the player's own rating: fetch the new one once.
      if ((game.seat === 'white' || game.seat === 'black') && game.ratedEndSeen !== game.id) {
        game.ratedEndSeen = game.id;
        refreshMe();
      }
      for (const side of ['white', 'black']) {
        if (!ch[side]) continue;
        const li = document.createElement('li');
        const d = ch[side].after - ch[side].before;
        const name = (st.players && st.players[side] && st.players[side].name) || sideName(side);
        li.dataset.side = side;
        li.dataset.after = String(ch[side].after);
        li.textContent = t('over.ratingChange', {
          name,
          before: Math.round(ch[side].before),
          after: Math.round(ch[side].after),
          diff: `${d >= 0 ? '+' : '−'}${Math.abs(Math.round(d))}`,
        });
        rc.appendChild(li);
      }
    }
  } else over.hidden = true;
}
