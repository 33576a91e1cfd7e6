// The header's bell (docs/community-api.md): my notifications, newest
// first, with their unread count, arriving live over /ws/me; each with its
// action (Accept / Decline a challenge, Open a game). And the header's
// presence: "N online · M games in play".
import { api } from '../api.js';
import { t, tn, errorText, fmtDate } from '../i18n.js';
import { byTest } from '../dom.js';
import { onUserMessage } from './user_channel.js';
import { session } from './session.js';
import { acceptChallenge, declineChallenge, challengeText } from './challenges.js';

let unread = 0;
let next = null;
let loadedFor = null;

function renderCount() {
  const badge = byTest('notifications-count');
  badge.textContent = String(unread);
  badge.hidden = unread === 0;
  const label = unread ? tn('notes.labelUnread', unread) : t('notes.label');
  const button = byTest('notifications-button');
  button.setAttribute('aria-label', label);
  button.title = label;
}

function text(n) {
  const d = n.data || {};
  if (n.kind === 'challenge' && d.challenge) return challengeText(d.challenge);
  if (n.kind === 'your-move') return t('notes.yourMove', { name: (d.opponent && d.opponent.name) || '?' });
  if (n.kind === 'rematch') return t('notes.rematch', { name: (d.from && d.from.name) || '?' });
  if (n.kind === 'friend-started')
    return t('notes.friendStarted', {
      name: (d.player && d.player.name) || '?',
      opponent: (d.opponent && d.opponent.name) || '?',
    });
  return n.kind;
}

async function markRead(ids) {
  try {
    const r = await api.readNotifications({ ids });
    unread = r.unread;
    renderCount();
  } catch {
    /* the count stays */
  }
}

function item(n) {
  const li = document.createElement('li');
  li.className = n.read ? 'note' : 'note unread';
  li.dataset.testid = 'notification';
  li.dataset.kind = n.kind;
  const p = document.createElement('p');
  p.textContent = text(n);
  const time = document.createElement('span');
  time.className = 'help';
  time.textContent = fmtDate(n.created_ms);
  p.append(' ', time);
  li.appendChild(p);
  const actions = document.createElement('div');
  actions.className = 'note-actions';
  const say = (msg) => (p.textContent = msg);
  const add = (label, testid, run, primary) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.dataset.testid = testid;
    if (primary) b.className = 'primary';
    b.addEventListener('click', async () => {
      if (!n.read) markRead([n.id]);
      n.read = true;
      li.classList.remove('unread');
      if ((await run()) !== false) actions.remove();
    });
    actions.appendChild(b);
  };
  const d = n.data || {};
  if (n.kind === 'challenge' && d.challenge) {
    add(t('challenge.accept'), 'note-accept', () => acceptChallenge(d.challenge.id, say).then(closePanel), true);
    add(t('challenge.decline'), 'note-decline', () => declineChallenge(d.challenge.id, say));
  } else if (d.game) {
    add(n.kind === 'friend-started' ? t('friends.watch') : t('notes.open'), 'note-open', () => {
      location.hash = n.kind === 'friend-started' ? `watch=${d.game}` : `game=${d.game}`;
      closePanel();
    });
  }
  if (actions.childElementCount) li.appendChild(actions);
  return li;
}

async function load(more) {
  const list = byTest('notifications-list');
  try {
    const r = await api.notifications(more ? next : null);
    if (!more) list.innerHTML = '';
    for (const n of r.notifications) list.appendChild(item(n));
    next = r.next;
    unread = r.unread;
    byTest('notifications-more').hidden = !r.more;
    byTest('notifications-empty').hidden = list.childElementCount > 0;
    renderCount();
  } catch (e) {
    byTest('notifications-empty').hidden = false;
    byTest('notifications-empty').textContent = errorText(e);
  }
}

function closePanel() {
  byTest('notifications-panel').hidden = true;
  byTest('notifications-button').setAttribute('aria-expanded', 'false');
}

// The unread count (and the list) of whoever is signed in now.
export function syncNotifications() {
  const name = session.user ? session.user.name : null;
  if (name === loadedFor) return renderCount();
  loadedFor = name;
  unread = 0;
  closePanel();
  byTest('notifications-list').innerHTML = '';
  renderCount();
  if (name) load(false);
}

function renderPresence(p) {
  if (!p || typeof p.online !== 'number') return;
  const el = byTest('presence');
  el.dataset.online = String(p.online);
  el.dataset.playing = String(p.playing ?? 0);
  el.textContent = `${tn('presence.online', p.online)} · ${tn('presence.playing', p.playing ?? 0)}`;
}

let lastPresence = null;
export function relabelNotifications() {
  renderCount();
  renderPresence(lastPresence);
  if (!byTest('notifications-panel').hidden) load(false);
}

export function setupNotifications() {
  const button = byTest('notifications-button');
  button.addEventListener('click', () => {
    const panel = byTest('notifications-panel');
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) load(false);
  });
  byTest('notifications-more').addEventListener('click', () => load(true));
  byTest('notifications-read-all').addEventListener('click', async () => {
    try {
      const r = await api.readNotifications({ all: true });
      unread = r.unread;
      for (const li of byTest('notifications-list').querySelectorAll('.unread')) li.classList.remove('unread');
      renderCount();
    } catch {
      /* the count stays */
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && !byTest('notifications-panel').hidden) {
      closePanel();
      button.focus();
    }
  });
  onUserMessage('notification', ({ notification: n }) => {
    unread += 1;
    renderCount();
    const list = byTest('notifications-list');
    list.prepend(item(n));
    byTest('notifications-empty').hidden = true;
  });
  onUserMessage('presence', (p) => {
    lastPresence = { ...lastPresence, ...p };
    renderPresence(lastPresence);
  });
  api
    .presence()
    .then((p) => {
      lastPresence = p;
      renderPresence(p);
    })
    .catch(() => {});
  renderCount();
}
