// The tournament screens (docs/ui.md "Tournaments"): the list with the
// create form (#tournaments) and one tournament (#tournament/ID). The
// community screens (community/screens.js) route to them; this module sets
// them up and shows the one the address names.
import { byTest } from '../dom.js';
import { headerHooks } from '../community/session.js';
import {
  leaveTournamentList,
  relabelTournamentList,
  setupTournamentList,
  showTournamentList,
} from './tournament_list.js';
import { setupTournamentForm, syncTournamentForm } from './tournament_form.js';
import {
  closeTournament,
  relabelTournament,
  setupTournamentPage,
  showTournament,
  tournamentSessionChanged,
} from './tournament_page.js';
import { setupTournamentPairing } from './tournament_games.js';

export const TOURNAMENT_SCREENS = ['tournaments', 'tournament'];

export function setupTournaments() {
  setupTournamentList();
  setupTournamentForm();
  setupTournamentPage();
  setupTournamentPairing();
  headerHooks.push(syncTournamentForm, tournamentSessionChanged);
}

// #tournaments, #tournament=ID (app.js turns #tournament/ID into it).
export function tournamentRouteOf(h) {
  if (h.has('tournaments')) return 'tournaments';
  if (h.get('tournament')) return 'tournament';
  return null;
}

export function showTournamentScreen(page, params) {
  if (page !== 'tournaments') leaveTournamentList();
  if (page !== 'tournament') closeTournament();
  if (page === 'tournaments') {
    syncTournamentForm();
    showTournamentList();
  } else if (page === 'tournament') showTournament(params.get('tournament'));
}

export function leaveTournaments() {
  leaveTournamentList();
  closeTournament();
}

export function relabelTournaments(page) {
  if (page === 'tournaments') relabelTournamentList();
  else if (page === 'tournament') relabelTournament();
}

// The header's link to the list, marked while either screen is shown.
export function markTournamentsLink(screen) {
  const link = byTest('tournaments-link');
  if (TOURNAMENT_SCREENS.includes(screen)) link.setAttribute('aria-current', 'page');
  else link.removeAttribute('aria-current');
}
