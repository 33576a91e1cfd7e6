// A game's chat box (docs/ui.md, "Chat"; the API in docs/community-api.md):
// the players' messages for everyone watching, the spectators' for the
// spectators (and for the players once the game is over), a text field to
// say something, a Mute button for a player (this browser, this game) and a
// Report button on each message. Messages arrive live over the game's
// WebSocket (chatMessage) and are read back over HTTP when a game opens (a
// reload, a replay). Their text is only ever set as text, never as markup.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isOver } from '../game_text.js';
import { session } from './session.js';

let chat = null; // { id, player, over, rated, messages: Map(id -> message), reported: Set }

const muteKey = (id) => `dvonn.chat.mute.${id}`;
function muted() {
  try {
    return !!chat && chat.player && localStorage.getItem(muteKey(chat.id)) === '1';
  } catch {
    return false;
  }
}

function me() {
  return session.user ? session.user.name.toLowerCase() : '';
}

function note(text) {
  const n = byTest('chat-note');
  n.textContent = text || '';
  n.hidden = !text;
}

// One message as a list item: who, what, and a Report button.
function item(m) {
  const li = el('li', { 'data-testid': 'chat-message', 'data-id': String(m.id), 'data-channel': m.channel });
  li.append(el('span', { class: 'chat-from' }, m.from.name), el('span', { class: 'chat-text' }, m.text));
  if (session.user && m.from.name.toLowerCase() !== me()) {
    const done = chat.reported.has(m.id);
    const b = el('button', {
      type: 'button',
      class: 'small chat-report',
      'data-testid': 'chat-report',
      'aria-label': done
        ? t('chat.reportedLabel', { name: m.from.name })
        : t('chat.reportLabel', { name: m.from.name }),
    });
    b.textContent = done ? t('chat.reported') : t('chat.report');
    b.disabled = done;
    b.addEventListener('click', () => report(m, b));
    li.append(b);
  }
  return li;
}

function renderMessages() {
  if (!chat) return;
  const hideOther = muted();
  for (const channel of ['players', 'spectators']) {
    const list = byTest(`chat-${channel}`);
    list.textContent = '';
    for (const m of [...chat.messages.values()].sort((a, b) => a.id - b.id)) {
      if (m.channel !== channel) continue;
      if (hideOther && channel === 'players' && m.from.name.toLowerCase() !== me()) continue;
      list.append(item(m));
    }
    list.scrollTop = list.scrollHeight;
  }
}

function renderChrome() {
  const box = byTest('chat');
  const mute = byTest('chat-mute');
  const form = byTest('chat-form');
  const setting = byTest('chat-setting-label');
  if (!chat) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  byTest('chat-spectators-section').hidden = chat.player && !chat.over;
  mute.hidden = !chat.player || chat.off;
  mute.setAttribute('aria-pressed', muted() ? 'true' : 'false');
  mute.textContent = muted() ? t('chat.unmute') : t('chat.mute');
  setting.hidden = !session.user;
  byTest('chat-setting').checked = !chat.off;
  byTest('chat-players-heading').hidden = chat.off;
  byTest('chat-players').hidden = chat.off;
  let why = '';
  if (chat.off) why = t('chat.off');
  else if (!session.user) why = t('chat.signIn');
  else if (chat.rated && session.user.guest && !chat.player) why = t('chat.noGuests');
  note(why);
  if (chat.off) byTest('chat-spectators-section').hidden = true;
  form.hidden = !!why;
}

// Reads the whole chat back (a page of at most 100 messages at a time).
async function load() {
  const c = chat;
  const messages = new Map();
  try {
    let after = 0;
    for (let page = 0; page < 20; page++) {
      const r = await api.chat(c.id, after);
      for (const m of r.messages) messages.set(m.id, m);
      if (!r.more) break;
      after = r.next;
    }
    c.off = false;
  } catch (e) {
    if (c !== chat) return;
    if (e.status === 403) c.off = true;
    else note(t('chat.loadFailed', { error: errorText(e) }));
  }
  if (c !== chat) return;
  for (const m of c.messages.values()) messages.set(m.id, m); // live ones meanwhile
  c.messages = messages;
  renderChrome();
  renderMessages();
}

// Called whenever the game view renders: opens the chat of a new game, and
// reads it again when the game ends (the players now see the spectators').
export function syncChat(game) {
  const st = game && game.state;
  if (!st || st.mode !== 'online') {
    chat = null;
    renderChrome();
    return;
  }
  const player = game.seat === 'white' || game.seat === 'black';
  const over = isOver(st);
  if (!chat || chat.id !== game.id) {
    chat = { id: game.id, player, over, rated: !!st.rated, messages: new Map(), reported: new Set(), off: false };
    byTest('chat-players').textContent = '';
    byTest('chat-spectators').textContent = '';
    renderChrome();
    load();
    return;
  }
  const ended = !chat.over && over;
  chat.player = player;
  chat.over = over;
  chat.rated = !!st.rated;
  renderChrome();
  if (ended && chat.player) load();
}

// A message pushed over the game's WebSocket.
export function chatMessage(gameId, m) {
  if (!chat || chat.id !== gameId || !m || typeof m.id !== 'number') return;
  chat.messages.set(m.id, m);
  renderMessages();
}

export function closeChat() {
  chat = null;
  renderChrome();
}

async function report(m, button) {
  button.disabled = true;
  try {
    await api.reportChat(m.id, '');
    chat.reported.add(m.id);
  } catch (e) {
    if (e.status === 409) chat.reported.add(m.id);
    else {
      button.disabled = false;
      note(t('chat.reportFailed', { error: errorText(e) }));
      return;
    }
  }
  renderMessages();
  note(t('chat.thanks'));
}

export function setupChat() {
  byTest('chat-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const input = byTest('chat-input');
    const text = input.value.trim();
    if (!chat || !text) return;
    const c = chat;
    const send = byTest('chat-send');
    send.disabled = true;
    try {
      const r = await api.say(c.id, text);
      input.value = '';
      if (c === chat) chatMessage(c.id, r.message);
      note('');
    } catch (e) {
      if (c === chat) note(t('chat.refused', { error: errorText(e) }));
    } finally {
      send.disabled = false;
    }
  });
  byTest('chat-mute').addEventListener('click', () => {
    if (!chat) return;
    try {
      if (muted()) localStorage.removeItem(muteKey(chat.id));
      else localStorage.setItem(muteKey(chat.id), '1');
    } catch {
      /* no storage: nothing to remember */
    }
    renderChrome();
    renderMessages();
  });
  byTest('chat-setting').addEventListener('change', async (ev) => {
    const on = ev.target.checked;
    try {
      await api.setChat(on);
    } catch (e) {
      ev.target.checked = !on;
      note(t('chat.refused', { error: errorText(e) }));
      return;
    }
    if (!chat) return;
    chat.off = !on;
    renderChrome();
    if (on) load();
    else {
      chat.messages = new Map();
      renderMessages();
    }
  });
}
