// The community pages (docs/community-api.md), one module each: the account
// forms (auth.js), the lobby, my games, profiles, the archive and the live
// games; the header and who is signed in (session.js). This module sets
// them up and shows the one the address names.
import { byTest } from '../dom.js';
import { loadSession, renderHeader, setupLogout } from './session.js';
import { currentPage, setCurrentPage } from './current_page.js';
import { setupAuthForms, showAuth } from './auth.js';
import { closeLobby, relabelLobby, setupLobbyForm, showLobby } from './lobby.js';
import { loadMyGames, setupMyGames } from './my_games.js';
import { loadProfile } from './profile.js';
import { setupArchive, showArchive } from './archive.js';
import { loadLive } from './live.js';
import { setupAccount, showAccount } from './account.js';
import { loadFriends, setupFriends, syncFriendsLink } from './friends.js';
import { setupChallenges } from './challenges.js';
import { relabelNotifications, setupNotifications, syncNotifications } from './notifications.js';
import { headerHooks } from './session.js';
import { setupLeaderboard, showLeaderboard } from './leaderboard.js';
import { setupFamilyRatings } from './family_ratings.js';
import {
  TOURNAMENT_SCREENS,
  leaveTournaments,
  relabelTournaments,
  setupTournaments,
  showTournamentScreen,
  tournamentRouteOf,
} from '../tournaments/screens.js';

export const SCREENS = [
  'auth',
  'lobby',
  'mygames',
  'profile',
  'archive',
  'live',
  'settings',
  'friends',
  'leaderboard',
  ...TOURNAMENT_SCREENS,
];

export async function setup({ saveSeat }) {
  headerHooks.push(syncFriendsLink, syncNotifications);
  setupNotifications();
  setupChallenges();
  setupFriends();
  setupTournaments();
  await loadSession();
  setupAuthForms();
  setupLobbyForm({ saveSeat });
  setupLogout();
  setupArchive();
  setupMyGames();
  setupAccount();
  setupLeaderboard();
  setupFamilyRatings();
}

// ---------- routing ----------
export function routeOf(h) {
  if (h.has('login') || h.has('signup') || h.has('guest')) return 'auth';
  if (h.has('account')) return 'settings'; // #account: your account's settings
  for (const p of ['lobby', 'mygames', 'profile', 'archive', 'live', 'friends', 'leaderboard']) if (h.has(p)) return p;
  return tournamentRouteOf(h);
}

let refreshTimer = null;
export function show(page, params) {
  if (page !== 'lobby') closeLobby();
  clearInterval(refreshTimer);
  refreshTimer = null;
  // My games and the live games are lists that change: fetched again every 20 s.
  if (page === 'mygames' || page === 'live') {
    refreshTimer = setInterval(() => {
      const current = currentPage();
      if (document.visibilityState !== 'visible' || !current || current.page !== page) return;
      if (page === 'mygames') loadMyGames();
      else loadLive();
    }, 20000);
  }
  setCurrentPage({ page, params });
  const m = byTest(`${page}-message`);
  if (m) m.textContent = '';
  if (page === 'auth') showAuth(params);
  else if (page === 'lobby') showLobby();
  else if (page === 'mygames') loadMyGames();
  else if (page === 'profile') loadProfile(params.get('profile') || '');
  else if (page === 'archive') showArchive(params);
  else if (page === 'live') loadLive();
  else if (page === 'settings') showAccount();
  else if (page === 'friends') loadFriends();
  else if (page === 'leaderboard') showLeaderboard(params);
  showTournamentScreen(page, params);
}

export function leave() {
  closeLobby();
  leaveTournaments();
  clearInterval(refreshTimer);
  refreshTimer = null;
  setCurrentPage(null);
}

// Re-renders the dynamic text after a language switch.
export function relabel() {
  renderHeader();
  relabelNotifications();
  const current = currentPage();
  if (!current) return;
  if (current.page === 'lobby') relabelLobby();
  else if (TOURNAMENT_SCREENS.includes(current.page)) relabelTournaments(current.page);
  else if (current.page !== 'auth') show(current.page, current.params);
}
