// The live games (#live): the games being played now, to watch.
import { api } from '../api.js';
import { errorText, t } from '../i18n.js';
import { byTest } from '../dom.js';
import { isShown } from './current_page.js';
import { fillList } from './game_list.js';

export async function loadLive() {
  const ul = byTest('live-list');
  try {
    const r = await api.live();
    if (!isShown('live')) return;
    byTest('live-message').textContent = '';
    fillList(ul, r.games, { link: 'watch' }, 'live.none');
  } catch (e) {
    byTest('live-message').textContent = t('error.load', { error: errorText(e) });
  }
}
