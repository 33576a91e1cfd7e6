// Friends (docs/community-api.md): Follow / Block / Challenge on a
// player's profile, and the friends page (#friends): the players I follow,
// who is online and who is playing, with Watch and Challenge.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { isShown } from './current_page.js';
import { session } from './session.js';
import { openChallengeDialog } from './challenges.js';
import { engineLevel } from '../game_text.js';

let shown = null; // the profile's user and what I keep about them

function renderActions() {
  const box = byTest('profile-actions');
  const me = session.user;
  const u = shown && shown.user;
  box.hidden = !me || !u || u.name === me.name || (!u.guest && !!engineLevel(u.name));
  if (box.hidden) return;
  const follow = byTest('profile-follow');
  follow.textContent = shown.following ? t('friends.unfollow') : t('friends.follow');
  follow.setAttribute('aria-pressed', String(!!shown.following));
  follow.disabled = !!shown.blocked;
  const block = byTest('profile-block');
  block.textContent = shown.blocked ? t('friends.unblock') : t('friends.block');
  block.setAttribute('aria-pressed', String(!!shown.blocked));
  byTest('profile-challenge').disabled = !!shown.blocked;
}

// Called by the profile page with what GET /api/users/NAME answered.
export function showProfileActions(profile) {
  shown = profile ? { user: profile.user, following: !!profile.following, blocked: !!profile.blocked } : null;
  renderActions();
}

async function toggle(kind) {
  if (!shown) return;
  const name = shown.user.name;
  try {
    if (kind === 'follow') {
      const r = await api.follow(name, !shown.following);
      shown.following = r.following;
    } else {
      const r = await api.block(name, !shown.blocked);
      shown.blocked = r.blocked;
      if (shown.blocked) shown.following = false;
    }
    byTest('profile-message').textContent = '';
  } catch (e) {
    byTest('profile-message').textContent = errorText(e);
  }
  renderActions();
}

let next = null;
function friendItem(f) {
  const li = document.createElement('li');
  li.className = 'friend';
  li.dataset.testid = 'friend';
  li.dataset.name = f.name;
  const dot = document.createElement('span');
  dot.className = `dot ${f.playing ? 'playing' : f.online ? 'online' : 'offline'}`;
  dot.setAttribute('aria-hidden', 'true');
  const link = document.createElement('a');
  link.href = `#profile=${encodeURIComponent(f.name)}`;
  link.textContent = f.name;
  const status = document.createElement('span');
  status.className = 'help';
  status.dataset.testid = 'friend-status';
  status.textContent = f.playing ? t('friends.playing') : f.online ? t('friends.online') : t('friends.offline');
  li.append(dot, link, ' ', status);
  if (f.playing) {
    const watch = document.createElement('a');
    watch.className = 'button';
    watch.href = `#watch=${encodeURIComponent(f.playing)}`;
    watch.textContent = t('friends.watch');
    watch.setAttribute('aria-label', t('friends.watchName', { name: f.name }));
    li.appendChild(watch);
  }
  const challenge = document.createElement('button');
  challenge.type = 'button';
  challenge.textContent = t('friends.challenge');
  challenge.setAttribute('aria-label', t('friends.challengeName', { name: f.name }));
  challenge.addEventListener('click', () => openChallengeDialog(f.name));
  li.appendChild(challenge);
  return li;
}

export async function loadFriends(more = false) {
  const list = byTest('friends-list');
  const msg = byTest('friends-message');
  if (!session.user) {
    msg.textContent = t('friends.signIn');
    list.innerHTML = '';
    return;
  }
  // The last visit's list is stale (who is online changes): not shown.
  if (!more) list.innerHTML = '';
  try {
    const r = await api.friends(more ? next : null);
    if (!isShown('friends')) return;
    msg.textContent = '';
    if (!more) list.innerHTML = '';
    for (const f of r.friends) list.appendChild(friendItem(f));
    next = r.next;
    byTest('friends-more').hidden = !r.more;
    byTest('friends-empty').hidden = list.childElementCount > 0;
  } catch (e) {
    msg.textContent = t('error.load', { error: errorText(e) });
  }
}

export function syncFriendsLink() {
  byTest('friends-link').hidden = !session.user;
}

export function setupFriends() {
  byTest('profile-follow').addEventListener('click', () => toggle('follow'));
  byTest('profile-block').addEventListener('click', () => toggle('block'));
  byTest('profile-challenge').addEventListener('click', () => shown && openChallengeDialog(shown.user.name));
  byTest('friends-more').addEventListener('click', () => loadFriends(true));
}
