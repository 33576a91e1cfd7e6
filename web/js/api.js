// The server's HTTP API and live connection (docs/server-api.md).

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function request(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch (e) {
    throw new ApiError('', 0);
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const msg = (data && data.error) || text || `HTTP ${res.status}`;
    throw new ApiError(msg, res.status);
  }
  return data;
}

export const api = {
  createGame: (opts) => request('POST', '/api/games', opts),
  getState: (id) => request('GET', `/api/games/${encodeURIComponent(id)}`),
  join: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/join`, {}),
  move: (id, token, move) => request('POST', `/api/games/${encodeURIComponent(id)}/moves`, { token, move }),
  undo: (id, token) => request('POST', `/api/games/${encodeURIComponent(id)}/undo`, { token }),
  hint: (id, token) => request('POST', `/api/games/${encodeURIComponent(id)}/hint`, { token }),
  resign: (id, token) => request('POST', `/api/games/${encodeURIComponent(id)}/resign`, { token }),
  seat: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/seat`),
  // Game review (docs/community-api.md "Game review")
  review: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/review`),
  requestReview: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/review`, {}),
  // The placement explorer (docs/community-api.md "Placement explorer")
  explorer: ({ position, source, band, family }) =>
    request('GET', `/api/explorer?${new URLSearchParams({ position, source, band, family })}`),
  explorerEngine: (position) => request('GET', `/api/explorer/engine?${new URLSearchParams({ position })}`),
  // Accounts (docs/community-api.md)
  me: () => request('GET', '/api/me'),
  signup: (name, password) => request('POST', '/api/auth/signup', { name, password }),
  login: (name, password) => request('POST', '/api/auth/login', { name, password }),
  guest: (name) => request('POST', '/api/auth/guest', { name }),
  logout: () => request('POST', '/api/auth/logout', {}),
  // family: that family's rating history instead of the overall one.
  user: (name, family) =>
    request('GET', `/api/users/${encodeURIComponent(name)}${family ? `?family=${encodeURIComponent(family)}` : ''}`),
  // Leaderboards: every family's top (no family), or a page of one family's.
  leaderboard: ({ family, offset, limit } = {}) => {
    const q = new URLSearchParams();
    if (family) q.set('family', family);
    if (offset) q.set('offset', String(offset));
    if (limit) q.set('limit', String(limit));
    const qs = q.toString();
    return request('GET', `/api/leaderboard${qs ? `?${qs}` : ''}`);
  },
  userStats: (name) => request('GET', `/api/users/${encodeURIComponent(name)}/stats`),
  // Your account (docs/community-api.md)
  changePassword: (oldPassword, newPassword) =>
    request('POST', '/api/me/password', { old: oldPassword, new: newPassword }),
  deleteAccount: (password, confirm) =>
    request('POST', '/api/me/delete', password == null ? { confirm } : { password, confirm }),
  // A page of my unfinished games (offset, at most limit) and the latest
  // finished ones; r.more says whether there are more, r.next the offset.
  myGames: ({ offset, limit } = {}) => {
    const q = new URLSearchParams();
    if (offset) q.set('offset', String(offset));
    if (limit) q.set('limit', String(limit));
    const qs = q.toString();
    return request('GET', `/api/me/games${qs ? `?${qs}` : ''}`);
  },
  // Lobby
  lobby: () => request('GET', '/api/lobby'),
  lobbyCreate: (opts) => request('POST', '/api/lobby', opts),
  lobbyJoin: (id) => request('POST', `/api/lobby/${encodeURIComponent(id)}/join`, {}),
  lobbyCancel: (id) => request('POST', `/api/lobby/${encodeURIComponent(id)}/cancel`, {}),
  // Play now
  seeks: () => request('GET', '/api/seeks'),
  seek: (control, rated) => request('POST', '/api/seeks', { control, rated }),
  seekCancel: () => request('POST', '/api/seeks/cancel', {}),
  // The tutorial's progress of a registered user
  tutorialProgress: () => request('GET', '/api/me/tutorial'),
  tutorialFinish: (step) => request('POST', '/api/me/tutorial', { step }),
  lobbyPage: (after) => request('GET', `/api/lobby?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`),
  abort: (id, token) => request('POST', `/api/games/${encodeURIComponent(id)}/abort`, { token }),
  // Archive and watching
  archive: ({ player, before, limit } = {}) => {
    const q = new URLSearchParams();
    if (player) q.set('player', player);
    if (before) q.set('before', String(before));
    if (limit) q.set('limit', String(limit));
    const qs = q.toString();
    return request('GET', `/api/archive${qs ? `?${qs}` : ''}`);
  },
  live: () => request('GET', '/api/live'),
  // Friends, challenges, notifications, presence
  follow: (name, on) => request('POST', `/api/users/${encodeURIComponent(name)}/follow`, { on }),
  block: (name, on) => request('POST', `/api/users/${encodeURIComponent(name)}/block`, { on }),
  friends: (after) => request('GET', `/api/me/friends${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  challenge: (opts) => request('POST', '/api/challenges', opts),
  answerChallenge: (id, verb) => request('POST', `/api/challenges/${encodeURIComponent(id)}/${verb}`, {}),
  myChallenges: () => request('GET', '/api/me/challenges'),
  notifications: (after) =>
    request('GET', `/api/me/notifications${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  readNotifications: (body) => request('POST', '/api/me/notifications/read', body),
  presence: () => request('GET', '/api/presence'),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  async record(id) {
    let res;
    try {
      res = await fetch(`/api/games/${encodeURIComponent(id)}/record`, { cache: 'no-store' });
    } catch {
      throw new ApiError('', 0);
    }
    if (!res.ok) throw new ApiError(`HTTP ${res.status}`, res.status);
    return res.text();
  },
  chat: (id, after) => request('GET', `/api/games/${encodeURIComponent(id)}/chat?after=${after}`),
  say: (id, text) => request('POST', `/api/games/${encodeURIComponent(id)}/chat`, { text }),
  reportChat: (messageId, reason) => request('POST', `/api/chat/${messageId}/report`, { reason }),
  setChat: (on) => request('POST', '/api/me/settings', { chat: on }),
  // Tournaments (docs/community-api.md): a page of one status's list, one
  // tournament, and what its entrants and its creator do.
  tournaments: (status, next, limit = 10) => {
    const q = new URLSearchParams({ status, limit: String(limit) });
    if (next) q.set('next', String(next));
    return request('GET', `/api/tournaments?${q}`);
  },
  tournament: (id) => request('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  createTournament: (body) => request('POST', '/api/tournaments', body),
  tournamentAction: (id, verb, body = {}) =>
    request('POST', `/api/tournaments/${encodeURIComponent(id)}/${verb}`, body),
};

// A WebSocket to /ws that reconnects with backoff. onState(state) for every
// state the server sends; onStatus('live'|'connecting'|'offline').
export class LiveConnection {
  constructor(gameId, token, { onState, onStatus, onMessage, path }) {
    this.path = path;
    this.gameId = gameId;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus || (() => {});
    this.onMessage = onMessage || (() => {});
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.timer = null;
    this.pingTimer = null;
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    if (this.path) return `${proto}//${location.host}${this.path}`;
    // No seat token here: URLs end up in proxies' logs. Moves go over HTTP
    // (or a WebSocket message carrying the token).
    return `${proto}//${location.host}/ws?game=${encodeURIComponent(this.gameId)}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus('live');
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), 20000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === 'state' && msg.state) this.onState(msg.state);
      else this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      if (!this.closed) this.retry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  retry() {
    this.onStatus('offline');
    clearTimeout(this.timer);
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, 8000);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  // Reconnect now (e.g. after a failed request), without waiting.
  kick() {
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    clearTimeout(this.timer);
    this.delay = 500;
    this.connect();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }
}
