// The lobby (#lobby): the open games, live over /ws/lobby, joining and
// cancelling them, and the form that opens a new one.
import { api, LiveConnection } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { sideName } from '../game_text.js';
import { session } from './session.js';
import { isShown } from './current_page.js';
import { clockText, playerNode } from './game_list.js';

let hooks = { saveSeat: () => {} };
let lobbyConn = null;
let lobbyOpen = null; // the last list of open games

function setLobbyStatus(s) {
  const c = byTest('lobby-connection');
  c.dataset.state = s || 'connecting';
  c.textContent = t(`conn.${c.dataset.state}`);
}

export function showLobby() {
  syncLobbyForm();
  byTest('lobby-error').textContent = '';
  if (!lobbyConn) {
    lobbyConn = new LiveConnection(null, null, {
      path: '/ws/lobby',
      onState: () => {},
      onStatus: setLobbyStatus,
      onMessage: (m) => {
        // The whole list on connect, then each change.
        if (m.type === 'lobby' && Array.isArray(m.open)) renderLobby(m.open);
        else if (m.type === 'lobby-open' && m.game && lobbyOpen) renderLobby(withOpenGame(lobbyOpen, m.game));
        else if (m.type === 'lobby-closed' && lobbyOpen) renderLobby(lobbyOpen.filter((g) => g.id !== m.id));
      },
    });
  }
  api
    .lobby()
    .then((r) => {
      if (isShown('lobby') && r && Array.isArray(r.open) && !lobbyOpen) renderLobby(r.open);
    })
    .catch((e) => {
      byTest('lobby-message').textContent = t('lobby.loadFailed', { error: errorText(e) });
    });
  renderLobby(lobbyOpen);
}

export function closeLobby() {
  if (lobbyConn) {
    lobbyConn.close();
    lobbyConn = null;
  }
  lobbyOpen = null;
}

// The dynamic text again, after a language switch.
export function relabelLobby() {
  renderLobby(lobbyOpen);
  syncLobbyForm();
  setLobbyStatus(byTest('lobby-connection').dataset.state);
}

// The list with a game added (or replaced), oldest first like the server's.
function withOpenGame(list, game) {
  const next = list.filter((g) => g.id !== game.id);
  next.push(game);
  next.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return next;
}

function renderLobby(open) {
  if (open) lobbyOpen = open;
  const body = byTest('lobby-list');
  body.innerHTML = '';
  const list = lobbyOpen || [];
  byTest('lobby-empty').hidden = list.length > 0 || !lobbyOpen;
  const me = session.user && session.user.name.toLowerCase();
  for (const g of list) {
    const tr = el('tr', {
      'data-testid': 'lobby-row',
      'data-id': g.id,
      'data-creator': g.creator ? g.creator.name : '',
    });
    const c = g.creator || {};
    // data-label: the column's name, shown in each cell when a narrow
    // screen lays the rows out as cards (no sideways scrolling).
    const td1 = el('td', { 'data-label': t('col.player') });
    td1.appendChild(playerNode(c.name ? { ...c, rating: null } : null));
    tr.appendChild(td1);
    tr.appendChild(
      el('td', { 'data-label': t('col.rating') }, typeof c.rating === 'number' ? String(Math.round(c.rating)) : '–'),
    );
    tr.appendChild(el('td', { 'data-label': t('col.clock') }, clockText(g.clock)));
    tr.appendChild(el('td', { 'data-label': t('col.rated') }, g.rated ? t('common.yes') : t('common.no')));
    tr.appendChild(
      el(
        'td',
        { 'data-label': t('col.colour') },
        g.color === 'white' || g.color === 'black' ? sideName(g.color) : t('home.colour.random'),
      ),
    );
    const act = el('td', { class: 'action' });
    if (me && c.name && c.name.toLowerCase() === me) {
      const b = el('button', { type: 'button', 'data-testid': 'lobby-cancel', class: 'small' }, t('lobby.cancel'));
      b.addEventListener('click', () => cancelGame(g.id, b));
      const open = el(
        'a',
        { href: `#game=${g.id}`, class: 'button small', 'data-testid': 'lobby-open' },
        t('lobby.openMine'),
      );
      act.append(open, ' ', b);
    } else {
      const b = el('button', { type: 'button', 'data-testid': 'lobby-join', class: 'small primary' }, t('lobby.join'));
      b.setAttribute('aria-label', t('lobby.joinAria', { name: c.name || '' }));
      b.addEventListener('click', () => joinGame(g, b));
      act.appendChild(b);
      if (g.rated && session.user && session.user.guest) {
        // Said in words next to the button, not only in a hover title.
        b.disabled = true;
        const why = el(
          'small',
          { class: 'why', id: `why-${g.id}`, 'data-testid': 'lobby-join-why' },
          t('lobby.ratedNeedsAccount'),
        );
        b.setAttribute('aria-describedby', why.id);
        act.appendChild(why);
      }
    }
    tr.appendChild(act);
    body.appendChild(tr);
  }
}

async function joinGame(g, btn) {
  const msg = byTest('lobby-message');
  msg.textContent = '';
  if (!session.user) {
    msg.textContent = t('lobby.loginFirst');
    return;
  }
  btn.disabled = true;
  try {
    const r = await api.lobbyJoin(g.id);
    hooks.saveSeat(r.id || g.id, r.seat, r.token, 'online');
    location.hash = `game=${r.id || g.id}`;
  } catch (e) {
    msg.textContent =
      e.status === 401
        ? t('lobby.loginFirst')
        : e.status === 409
          ? t('lobby.err.gone', { error: e.message })
          : t('lobby.err.join', { error: errorText(e) });
    btn.disabled = false;
  }
}

async function cancelGame(id, btn) {
  const msg = byTest('lobby-message');
  msg.textContent = '';
  btn.disabled = true;
  try {
    await api.lobbyCancel(id);
    if (lobbyOpen) renderLobby(lobbyOpen.filter((g) => g.id !== id));
  } catch (e) {
    msg.textContent = t('lobby.err.cancel', { error: errorText(e) });
    btn.disabled = false;
  }
}

function syncLobbyForm() {
  const form = byTest('lobby-form');
  const clock = form.elements.clock.value;
  form.querySelector('.realtime-only').hidden = clock !== 'realtime';
  form.querySelector('.corr-only').hidden = clock !== 'correspondence';
  const u = session.user;
  const note = byTest('lobby-login-note');
  note.hidden = !!u;
  form.elements.rated.disabled = !u || u.guest;
  if (form.elements.rated.disabled) form.elements.rated.checked = false;
  byTest('lobby-create').disabled = !u;
}

// saveSeat(id, seat, token, kind): keeps the seat of a game joined or opened.
export function setupLobbyForm({ saveSeat }) {
  hooks = { saveSeat };
  const form = byTest('lobby-form');
  form.addEventListener('change', syncLobbyForm);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = byTest('lobby-error');
    err.textContent = '';
    if (!session.user) {
      err.textContent = t('lobby.loginFirst');
      return;
    }
    const opts = { color: form.elements.color.value, rated: form.elements.rated.checked, clock: null };
    const kind = form.elements.clock.value;
    if (kind === 'realtime') {
      const min = Number(form.elements.minutes.value);
      const inc = Number(form.elements.increment.value);
      const initial = Math.round(min * 60);
      if (!Number.isFinite(min) || initial < 15 || initial > 10800) {
        err.textContent = t('lobby.err.minutes');
        return;
      }
      if (!Number.isInteger(inc) || inc < 0 || inc > 60) {
        err.textContent = t('lobby.err.increment');
        return;
      }
      opts.clock = { type: 'realtime', initial, increment: inc };
    } else if (kind === 'correspondence') {
      const days = Number(form.elements.days.value);
      if (!Number.isInteger(days) || days < 1 || days > 14) {
        err.textContent = t('lobby.err.days');
        return;
      }
      opts.clock = { type: 'correspondence', days };
    }
    const btn = byTest('lobby-create');
    btn.disabled = true;
    try {
      const r = await api.lobbyCreate(opts);
      hooks.saveSeat(r.id, r.seat, r.token, 'online');
      location.hash = `game=${r.id}`;
    } catch (e) {
      err.textContent =
        e.status === 401
          ? t('lobby.loginFirst')
          : e.status === 409
            ? t('lobby.err.tooMany', { error: e.message })
            : t('lobby.err.create', { error: errorText(e) });
    } finally {
      btn.disabled = false;
    }
  });
}
