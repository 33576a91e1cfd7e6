// Who is signed in, and the header that shows it: the name and rating, the
// links for signing in and out, and the count of games waiting for my move.
import { api } from '../api.js';
import { t, tn, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { alertPage } from './current_page.js';
import { syncUserChannel } from './user_channel.js';

export const session = { user: null };

// Called after every header render (the session may have changed): the
// notifications' bell and the friends link follow it.
export const headerHooks = [];

export async function loadSession() {
  try {
    const r = await api.me();
    session.user = (r && r.user) || null;
  } catch {
    session.user = null;
  }
  renderHeader();
}

export function setupLogout() {
  byTest('logout').addEventListener('click', async () => {
    try {
      await api.logout();
    } catch (e) {
      if (e.status !== 401) {
        alertPage(errorText(e));
        return;
      }
    }
    session.user = null;
    renderHeader();
    location.hash = '';
  });
}

let shownUser;
export function renderHeader() {
  const u = session.user;
  if (shownUser !== undefined && shownUser !== (u && u.name)) {
    // Another session: forget the lists of the previous one.
    for (const k of ['myturn', 'waiting', 'finished']) byTest(`mygames-${k}`).innerHTML = '';
  }
  shownUser = u && u.name;
  byTest('signed-in').hidden = !u;
  byTest('signed-out').hidden = !!u;
  byTest('mygames-link').hidden = !u;
  const link = byTest('me-link');
  if (u) {
    link.textContent = u.guest
      ? t('auth.guestName', { name: u.name })
      : `${u.name}${typeof u.rating === 'number' ? ` (${Math.round(u.rating)})` : ''}`;
    link.href = u.guest ? '#mygames' : `#profile=${encodeURIComponent(u.name)}`;
    link.title = u.guest ? t('nav.myGames') : t('auth.profileTitle');
  }
  document.body.dataset.user = u ? u.name : '';
  syncUserChannel(u ? u.name : null);
  for (const hook of headerHooks) hook();
  refreshTurnCount();
  if (u && !countTimer) {
    countTimer = setInterval(() => {
      if (document.visibilityState === 'visible') refreshTurnCount();
    }, 30000);
  } else if (!u && countTimer) {
    clearInterval(countTimer);
    countTimer = null;
  }
}

// How many of my games wait for my move, next to "My games": fetched when
// the session is known, every 30 s while the page is visible, and when a
// game I play changes (refreshTurnCount).
let countTimer = null;
let countSeq = 0;
export async function refreshTurnCount() {
  const badge = byTest('mygames-count');
  const u = session.user;
  if (!u) {
    badge.hidden = true;
    badge.textContent = '';
    return;
  }
  // The count known so far, in the current language at once; then the news.
  if (badge.dataset.count) badge.setAttribute('aria-label', tn('nav.waiting', Number(badge.dataset.count)));
  if (badge.dataset.count) badge.title = badge.getAttribute('aria-label');
  const seq = ++countSeq;
  try {
    // Only the count is needed: the smallest page (counts cover them all).
    const r = await api.myGames({ limit: 1 });
    if (seq !== countSeq || !session.user) return;
    const n =
      r.counts && typeof r.counts.my_turn === 'number'
        ? r.counts.my_turn
        : Array.isArray(r.my_turn)
          ? r.my_turn.length
          : 0;
    badge.dataset.count = String(n);
    badge.textContent = String(n);
    badge.hidden = n === 0;
    badge.setAttribute('aria-label', tn('nav.waiting', n));
    badge.title = tn('nav.waiting', n);
  } catch {
    /* keep the last count */
  }
}

export async function refreshMe() {
  try {
    const r = await api.me();
    session.user = (r && r.user) || null;
  } catch {
    /* keep */
  }
  renderHeader();
}
