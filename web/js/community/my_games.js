// My games (#mygames): the games waiting for my move, those waiting for the
// opponent, and the latest finished ones.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { session } from './session.js';
import { isShown } from './current_page.js';
import { appendList, fillList } from './game_list.js';

// The unfinished games come a page at a time ("More games" asks for the
// next); the finished ones are the latest (the archive has them all).
let myGamesNext = null;
export async function loadMyGames(more) {
  const msg = byTest('mygames-message');
  const btn = byTest('mygames-more');
  if (!session.user) {
    for (const k of ['myturn', 'waiting', 'finished']) byTest(`mygames-${k}`).innerHTML = '';
    btn.hidden = true;
    msg.textContent = t('mygames.loginFirst');
    return;
  }
  btn.disabled = true;
  try {
    const r = await api.myGames({ offset: more ? myGamesNext : undefined });
    if (!isShown('mygames')) return;
    msg.textContent = '';
    if (more) {
      appendList(byTest('mygames-myturn'), r.my_turn, { mine: true });
      appendList(byTest('mygames-waiting'), r.waiting, { mine: true });
    } else {
      fillList(byTest('mygames-myturn'), r.my_turn, { mine: true }, 'mygames.noneMyTurn');
      fillList(byTest('mygames-waiting'), r.waiting, { mine: true }, 'mygames.noneWaiting');
      fillList(byTest('mygames-finished'), r.finished, { mine: true }, 'mygames.noneFinished');
    }
    myGamesNext = r.more ? r.next : null;
    btn.hidden = !r.more;
  } catch (e) {
    msg.textContent = e.status === 401 ? t('mygames.loginFirst') : t('error.load', { error: errorText(e) });
  } finally {
    btn.disabled = false;
  }
}

export function setupMyGames() {
  byTest('mygames-more').addEventListener('click', () => loadMyGames(true));
}
