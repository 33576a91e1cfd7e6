// The DVONN web UI: opening a game and keeping it live (states from the
// server, moves sent, undo, hints, resigning), the screens and the routing.
// Each part of the game screen is its own module: the player panel, the
// clocks, the board, the controls, the move list, the history, the game-over
// panel, the turn alerts; the home page, records in and out, and the
// community pages (community/, one module per page) likewise.
import { api, ApiError, LiveConnection } from './api.js';
import { Board } from './board.js';
import * as Rules from './rules.js';
import { t, initI18n, applyI18n, mountLanguageSwitch, onLanguageChange, errorText } from './i18n.js';
import * as Community from './community/screens.js';
import { headerHooks, refreshTurnCount, session } from './community/session.js';
import { byTest, say } from './dom.js';
import { isMyTurn, isOver, mySeatLabel, sideName } from './game_text.js';
import { loadSeat, saveSeat } from './seats.js';
import { renderPlayers, renderTurn } from './player_panel.js';
import { setupClocks, stopClockTimer, syncClockTimer } from './clocks.js';
import { clickSpace, explainMove, hideStackInfo, renderBoard, showStackInfo, shownView } from './board_view.js';
import { renderControls } from './controls.js';
import { renderGameOver } from './game_over.js';
import { renderMoveList } from './move_list.js';
import { goBy, loadHistory, renderHistory, setupHistory } from './history.js';
import { setupAlerts, updateTurnAlert } from './alerts.js';
import { soundsFor } from './sounds.js';
import { setupTheme } from './theme.js';
import { renderSavedGames, setupHome, syncHomeForm } from './home.js';
import { renderExport, setupImport } from './import_export.js';
import { canPremove, clearPremove, playPremove, premoveClick, renderPremove } from './premove.js';
import { helloMessage, onGameplayMessage, renderGameplay, setupGameplay } from './gameplay.js';
import { chatMessage, closeChat, setupChat, syncChat } from './community/chat.js';
import { leavePlayNow, relabelPlayNow, setupPlayNow, showPlayNow } from './community/play_now.js';
import * as Tutorial from './tutorial/tutorial_page.js';
import { onReviewMessage, renderReview, setupReview } from './review/review.js';
import { markTournamentsLink } from './tournaments/screens.js';
import { showHomeTournaments } from './tournaments/tournament_list.js';
import { renderGameTournament } from './tournaments/tournament_games.js';
import * as Analysis from './analysis/analysis_page.js';
import * as Explorer from './explorer/explorer_page.js';
import * as Puzzles from './puzzles/puzzles_page.js';

await initI18n();

// ---------- the game being shown ----------
let game = null; // {id, seat, token, watch, state, conn, hist, start, viewIndex, selected, hint, pending}
let board = null;

function render() {
  if (!game || !game.state) return;
  const st = game.state;
  const view = shownView(game);
  const mine = isMyTurn(game) && view.live;
  byTest('seat').textContent = mySeatLabel(game);
  document.body.dataset.version = String(st.version);
  document.body.dataset.phase = st.phase;
  document.body.dataset.toMove = st.to_move;
  document.body.dataset.myTurn = mine ? 'true' : 'false';
  renderPlayers(game, view);
  syncClockTimer();
  renderTurn(game, view);
  updateTurnAlert(game);
  renderBoard(board, game, view, mine);
  renderControls(game, mine);
  renderExport(game);
  renderGameOver(game);
  renderMoveList(game);
  renderHistory(game);
  renderReview(game);
  renderPremove(game);
  renderGameplay(game);
  syncChat(game);
  renderGameTournament(game);
}

// ---------- receiving states ----------
function applyState(st, source) {
  if (!game || st.id !== game.id) return;
  const prev = game.state;
  if (prev && source === 'move' && st.version < prev.version) return; // an older answer
  const changed = !prev || prev.version !== st.version || prev.moves.length !== st.moves.length;
  // A lobby game its creator withdrew (a server that does not say so in
  // the state still sends it unchanged).
  if (game.cancelled && !st.end) st = { ...st, end: 'cancelled' };
  game.state = st;
  game.clockAt = performance.now();
  // Messages about the game in play (refusals, hints) are stale once it ends.
  if (prev && !isOver(prev) && isOver(st)) say('');
  game.flagAsked = false;
  if (changed) {
    soundsFor(prev, st);
    if (game.seat === 'white' || game.seat === 'black') refreshTurnCount();
    hideStackInfo();
    game.selected = null;
    game.hint = [];
    if (prev && st.moves.length === prev.moves.length + 1 && game.viewIndex == null && st.last_move !== 'PASS')
      game.animate = st.last_move;
    if (
      !prev ||
      prev.moves.length !== st.moves.length ||
      prev.moves[prev.moves.length - 1] !== st.moves[st.moves.length - 1]
    ) {
      game.hist = null;
      loadHistory(game);
    }
  }
  // A queued premove goes out as soon as the opponent's move is here.
  if (changed) playPremove(game, sendMove);
  render();
}

// ---------- acting ----------
async function sendMove(move) {
  if (game.pending) return;
  game.pending = true;
  say(''); // an error about an earlier try is stale now
  try {
    const st = await api.move(game.id, game.token, move);
    applyState(st, 'move');
  } catch (e) {
    say(refusal(e), 'error');
    if (e.status === 0 && game.conn) game.conn.kick();
  } finally {
    game.pending = false;
    render();
  }
}

// A hint in a player's words: the move, then who is ahead by how much (the
// engine's score is the final piece difference for the side to move).
function hintText(m, h, toMove) {
  const move =
    m === 'PASS'
      ? t('hint.pass')
      : m.length === 4
        ? t('hint.move', { from: m.slice(0, 2), to: m.slice(2) })
        : t('hint.place', { sq: m });
  if (typeof h.score !== 'number') return move;
  const white = toMove === 'black' ? -h.score : h.score;
  const n = Math.round(Math.abs(white));
  const lead = white > 0 ? 'white' : 'black';
  const judged = h.exact
    ? n === 0
      ? t('hint.drawExact')
      : t(`hint.wins.${lead}`, { n })
    : n === 0
      ? t('hint.even')
      : t(`hint.ahead.${lead}`, { n });
  return t('hint.text', { move, score: judged });
}

function refusal(e) {
  if (e instanceof ApiError && e.status === 0) return t('error.notSent', { error: errorText(e) });
  return t('error.refused', { error: errorText(e) });
}

// ---------- opening a game ----------
async function openGame(id, { watch = false } = {}) {
  closeGame();
  showScreen('game');
  byTest('message').textContent = '';
  byTest('resign-confirm').hidden = true;
  byTest('move-input').value = ''; // a half-typed move belongs to the game left
  game = {
    id,
    watch,
    seat: null,
    token: null,
    state: null,
    conn: null,
    hist: null,
    start: null,
    viewIndex: null,
    selected: null,
    hint: [],
    pending: false,
    clockAt: performance.now(),
    turnSeen: null,
  };
  const g = game;
  let st;
  try {
    st = await api.getState(id);
  } catch (e) {
    if (g !== game) return;
    byTest('status').textContent = e.status === 404 ? t('open.noGame') : t('open.loadFailed', { error: errorText(e) });
    say(e.status === 404 ? t('open.checkLink') : t('open.reload'), 'error');
    if (e.status === 0)
      setTimeout(() => {
        if (g === game) openGame(id, { watch });
      }, 2000);
    return;
  }
  if (g !== game) return;
  const saved = !watch && loadSeat(id);
  if (saved && saved.token) {
    g.seat = saved.seat;
    g.token = saved.token;
  }
  const me = session.user && session.user.name.toLowerCase();
  const mine =
    me &&
    st.players &&
    ['white', 'black'].some((s) => st.players[s] && st.players[s].name && st.players[s].name.toLowerCase() === me);
  if (!watch && !g.token && mine) {
    // Logged in: this user's seat, taken from another browser.
    try {
      const s = await api.seat(id);
      if (s && s.token) {
        g.seat = s.seat;
        g.token = s.token;
        saveSeat(id, s.seat, s.token, st.mode);
      }
    } catch {
      /* not this user's game */
    }
    if (g !== game) return;
  }
  if (g.token) {
    /* seated */
  } else if (
    !watch &&
    st.mode === 'online' &&
    ['white', 'black'].some((s) => st.seats[s] && st.seats[s].kind === 'human' && st.seats[s].taken === false)
  ) {
    try {
      const j = await api.join(id);
      g.seat = j.seat;
      g.token = j.token;
      saveSeat(id, j.seat, j.token, st.mode);
      say(t('open.joined', { side: sideName(j.seat) }), 'note');
      st = await api.getState(id).catch(() => st);
    } catch (e) {
      say(t('open.joinFailed', { error: errorText(e) }), 'error');
    }
  }
  if (g !== game) return;
  board.setFlipped(g.seat === 'black');
  applyState(st, 'get');
  bringBoardIntoView();
  if (st.started === false && st.mode === 'online' && g.seat) findInLobby(g);
  g.conn = new LiveConnection(id, g.token, {
    onState: (s) => {
      if (g === game) applyState(s, 'ws');
    },
    onStatus: (s) => {
      if (s === 'live' && helloMessage(g)) g.conn.send(helloMessage(g));
      if (g !== game) return;
      const c = byTest('connection');
      c.dataset.state = s;
      c.textContent = t(`conn.${s}`);
    },
    onMessage: (m) => {
      if (g === game && m.type === 'error') say(t('error.refused', { error: m.message }), 'error');
      else if (g === game && m.type === 'chat') chatMessage(g.id, m.message);
      else if (g === game && m.type === 'review-progress') onReviewMessage(g, m);
      else if (g === game) onGameplayMessage(g, m);
    },
  });
}

// On a phone held upright the turn bar (players, clocks, status, message)
// and the board fill the screen together below the site's header: a game
// opens scrolled to them, so nothing needs scrolling to play.
function bringBoardIntoView() {
  if (!window.matchMedia('(max-width: 600px) and (orientation: portrait)').matches) return;
  const board = document.querySelector('[data-testid="board"]');
  if (board) board.scrollIntoView({ block: 'end' });
}

// Whether the game is an open lobby game (its creator may cancel it
// there); the state does not say.
async function findInLobby(g) {
  let after = null;
  try {
    for (let page = 0; page < 5; page++) {
      const r = await api.lobbyPage(after);
      if ((r.open || []).some((o) => o.id === g.id)) {
        g.lobby = true;
        if (g === game) render();
        return;
      }
      if (!r.more || !r.next) return;
      after = r.next;
    }
  } catch {
    /* no lobby on this server */
  }
}

// Cancel (a lobby game) or abort: ends the game before it really began.
async function endEarly(how) {
  if (!game || game.pending) return;
  const g = game;
  g.pending = true;
  say('');
  try {
    if (how === 'cancel') {
      await api.lobbyCancel(g.id);
      g.cancelled = true;
      applyState(await api.getState(g.id).catch(() => g.state), 'get');
    } else {
      const st = await api.abort(g.id, g.token);
      if (st && st.id) applyState(st, 'move');
      else if (st && st.state) applyState(st.state, 'move');
      else applyState(await api.getState(g.id), 'get');
    }
  } catch (e) {
    if (g === game) say(refusal(e), 'error');
  } finally {
    g.pending = false;
    if (g === game) render();
  }
}

function closeGame() {
  if (game && game.conn) game.conn.close();
  game = null;
  closeChat();
  updateTurnAlert(game);
  stopClockTimer();
  hideStackInfo();
}

// ---------- screens and routing ----------
const SCREENS = ['home', 'game', 'learn', 'analysis', 'explorer', 'puzzles', ...Community.SCREENS];
function showScreen(name) {
  for (const s of SCREENS) byTest(s).hidden = name !== s;
  const nav = {
    home: 'new-game-link',
    lobby: 'lobby-link',
    mygames: 'mygames-link',
    live: 'live-link',
    archive: 'archive-link',
    friends: 'friends-link',
    leaderboard: 'leaderboard-link',
    learn: 'learn-link',
    analysis: 'analysis-link',
    puzzles: 'puzzles-link',
  };
  for (const [screen, id] of Object.entries(nav)) {
    if (screen === name) byTest(id).setAttribute('aria-current', 'page');
    else byTest(id).removeAttribute('aria-current');
  }
  markTournamentsLink(name);
  document.body.dataset.screen = name;
  relabelSkipLink();
  window.scrollTo(0, 0);
}

// The skip link: to the board in a game (its one Tab stop), else to the
// page's content.
function setupSkipLink() {
  const link = byTest('skip-link');
  link.addEventListener('click', (ev) => {
    ev.preventDefault();
    if (document.body.dataset.screen === 'game' && game) board.focusSpace();
    else document.querySelector('main').focus();
  });
}
function relabelSkipLink() {
  const link = byTest('skip-link');
  link.dataset.i18n = document.body.dataset.screen === 'game' ? 'skip.board' : 'skip.main';
  link.textContent = t(link.dataset.i18n);
}

function route() {
  let hash = location.hash.replace(/^#\/?/, '');
  // #/game/ID (the API docs' form) is #game=ID.
  const m = /^(game|watch|tournament)\/([^/?&]+)$/.exec(hash);
  if (m) hash = `${m[1]}=${m[2]}`;
  const h = new URLSearchParams(hash);
  // The placement explorer (#explorer?position=POSITION).
  const explorer = Explorer.explorerRoute(hash);
  if (explorer) {
    closeGame();
    Community.leave();
    leavePlayNow();
    Analysis.leaveAnalysis();
    showScreen('explorer');
    Explorer.showExplorer(explorer);
    return;
  }
  Explorer.leaveExplorer();
  // The analysis board (#analysis=POSITION, #analysis&game=ID&ply=N).
  const analysis = Analysis.analysisRoute(h);
  if (analysis) {
    closeGame();
    Community.leave();
    leavePlayNow();
    showScreen('analysis');
    Analysis.showAnalysis(analysis);
    return;
  }
  Analysis.leaveAnalysis();
  const id = h.get('game') || h.get('watch');
  if (id) {
    Community.leave();
    leavePlayNow();
    if (!game || game.id !== id || game.watch !== h.has('watch')) openGame(id, { watch: h.has('watch') });
    return;
  }
  closeGame();
  const learn = Tutorial.tutorialRoute(hash);
  if (learn) {
    Community.leave();
    leavePlayNow();
    showScreen('learn');
    Tutorial.showTutorial(learn.step);
    return;
  }
  const puzzles = Puzzles.puzzlesRoute(hash);
  if (puzzles) {
    Community.leave();
    leavePlayNow();
    showScreen('puzzles');
    Puzzles.showPuzzles(puzzles);
    return;
  }
  Puzzles.leavePuzzles();
  const page = Community.routeOf(h);
  if (page) {
    leavePlayNow();
    showScreen(page);
    Community.show(page, h);
    return;
  }
  Community.leave();
  showScreen('home');
  syncHomeForm();
  byTest('home-message').textContent = '';
  renderSavedGames();
  showPlayNow();
  Tutorial.syncTutorialCard();
  Puzzles.syncDailyCard();
  showHomeTournaments();
}

function setupGameControls() {
  byTest('flip').addEventListener('click', () => {
    board.setFlipped(!board.flipped);
    render();
  });
  byTest('undo').addEventListener('click', async () => {
    if (game.pending) return;
    game.pending = true;
    try {
      const st = await api.undo(game.id, game.token);
      game.viewIndex = null;
      applyState(st, 'undo');
      say(t('game.undone'));
    } catch (e) {
      say(refusal(e), 'error');
    } finally {
      game.pending = false;
      render();
    }
  });
  byTest('hint').addEventListener('click', async () => {
    if (game.pending) return;
    const version = game.state.version;
    byTest('hint').disabled = true;
    say(t('game.askingHint'));
    try {
      const h = await api.hint(game.id, game.token);
      if (!game || game.state.version !== version) return;
      const m = h.move || '';
      game.hint = m === 'PASS' ? [] : m.length === 4 ? [m.slice(0, 2), m.slice(2)] : [m];
      say(hintText(m, h, game.state.to_move), 'note');
      byTest('message').dataset.hint = m;
    } catch (e) {
      say(refusal(e), 'error');
    } finally {
      render();
    }
  });
  byTest('pass').addEventListener('click', () => sendMove('PASS'));
  // The analysis board at the position shown (live or looked back at).
  const analyseShown = () => {
    if (!game || !game.state) return;
    const ply = game.viewIndex == null ? game.state.moves.length : game.viewIndex;
    location.hash = `analysis&game=${encodeURIComponent(game.id)}&ply=${ply}`;
  };
  byTest('analyse-position').addEventListener('click', analyseShown);
  byTest('review-analyse').addEventListener('click', analyseShown);
  byTest('premove-cancel').addEventListener('click', () => {
    clearPremove(game);
    say(t('premove.cancelled'));
    render();
  });
  byTest('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = byTest('move-input');
    const n = Rules.normaliseMove(input.value);
    if (n.error) {
      say(n.code ? t(n.code, n.params) : n.error, 'error');
      return;
    }
    // Checked here first: a move known to be illegal is explained in the
    // player's words and never sent.
    const why = explainMove(game, n.move);
    if (why) {
      say(why, 'error');
      return;
    }
    input.value = '';
    sendMove(n.move);
  });
  for (const [btn, input] of [
    ['copy-invite', 'invite-link'],
    ['copy-watch', 'watch-link'],
  ]) {
    byTest(btn).addEventListener('click', async () => {
      const v = byTest(input).value;
      try {
        await navigator.clipboard.writeText(v);
        say(t('game.copied'));
      } catch {
        byTest(input).select();
        say(t('game.copyManually'));
      }
    });
  }
  document.addEventListener('keydown', (ev) => {
    if (!game || !game.state || ev.target.closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft') goBy(-1);
    else if (ev.key === 'ArrowRight') goBy(1);
    else if (ev.key === 'Escape' && game.selected) {
      game.selected = null;
      say('');
      render();
    }
  });
  byTest('cancel-game').addEventListener('click', () => endEarly('cancel'));
  byTest('abort').addEventListener('click', () => endEarly('abort'));
  // Resign: ask first.
  byTest('resign').addEventListener('click', () => {
    byTest('resign-confirm').hidden = false;
    byTest('resign-no').focus();
  });
  byTest('resign-no').addEventListener('click', () => {
    byTest('resign-confirm').hidden = true;
    byTest('resign').focus();
  });
  byTest('resign-yes').addEventListener('click', async () => {
    byTest('resign-confirm').hidden = true;
    if (!game || game.pending) return;
    game.pending = true;
    try {
      const st = await api.resign(game.id, game.token);
      if (st && st.id) applyState(st, 'move');
      else if (st && st.state) applyState(st.state, 'move');
      else applyState(await api.getState(game.id), 'get');
    } catch (e) {
      say(refusal(e), 'error');
    } finally {
      if (game) {
        game.pending = false;
        render();
      }
    }
  });
  // Refetch the state when the page becomes visible again (phones sleep).
  document.addEventListener('visibilitychange', async () => {
    if (document.visibilityState !== 'visible' || !game) return;
    const g = game;
    try {
      const st = await api.getState(g.id);
      if (g === game) applyState(st, 'get');
    } catch {
      /* the socket retries */
    }
    if (g.conn) g.conn.kick();
  });
}

board = new Board(byTest('board'), {
  onClick: (sq) => {
    if (canPremove(game)) premoveClick(game, sq, render);
    else clickSpace(game, sq, { sendMove, render });
  },
  onHover: (sq, ev, enter) => showStackInfo(game, sq, ev, enter),
});
// The same query as the stylesheet's upright-board rule.
const upright = window.matchMedia('(max-width: 600px) and (orientation: portrait)');
board.setRotated(upright.matches);
upright.addEventListener('change', () => board.setRotated(upright.matches));
applyI18n(document);
mountLanguageSwitch(byTest('lang-select'));
onLanguageChange(() => {
  byTest('board').setAttribute('aria-label', t('board.label'));
  updateTurnAlert(game);
  if (game && game.state) render();
  if (!byTest('home').hidden) renderSavedGames({ refresh: false });
  Community.relabel();
  relabelPlayNow();
  Tutorial.relabelTutorial();
  Analysis.relabelAnalysis();
  Explorer.relabelExplorer();
  Puzzles.relabelPuzzles();
  byTest('connection').textContent = byTest('connection').dataset.state
    ? t(`conn.${byTest('connection').dataset.state}`)
    : '';
});
setupHome();
setupImport();
setupChat();
setupGameControls();
setupGameplay({ currentGame: () => game, applyState });
setupHistory({ currentGame: () => game, render });
setupReview({ currentGame: () => game, render, board: () => board });
setupClocks({
  currentGame: () => game,
  refetch: (g) => {
    if (g === game)
      api
        .getState(g.id)
        .then((s) => applyState(s, 'get'))
        .catch(() => {});
  },
});
setupAlerts();
setupTheme(byTest('board-theme'));
setupSkipLink();
await Community.setup({ saveSeat });
setupPlayNow();
Tutorial.setupTutorial();
Analysis.setupAnalysis();
Explorer.setupExplorer();
Puzzles.setupPuzzles();
headerHooks.push(Tutorial.forgetTutorialProgress);
window.addEventListener('hashchange', route);
route();
// For tests and curious people: the current state, read-only.
window.dvonn = {
  get state() {
    return game && game.state;
  },
  get seat() {
    return game && game.seat;
  },
};
