// A tournament's games outside its page: when the director pairs me (a
// "paired" message over /ws/me carrying "tournament"), the game opens
// wherever I am on the site; and a game page whose state names its
// tournament links back to it ("Round 3 of Friday blitz").
import { t } from '../i18n.js';
import { byTest } from '../dom.js';
import { saveSeat } from '../seats.js';
import { onUserMessage } from '../community/user_channel.js';

// Play now's own "paired" handler opens only the pairings it asked for.
function onPaired(m) {
  if (!m || !m.tournament || !m.game || !m.token) return;
  saveSeat(m.game, m.seat, m.token, 'online');
  if (location.hash !== `#game=${m.game}`) location.hash = `game=${m.game}`;
}

export function setupTournamentPairing() {
  onUserMessage('paired', onPaired);
}

// The game page's line about its tournament (game: app.js's game shown).
export function renderGameTournament(game) {
  const box = byTest('game-tournament');
  const tour = game && game.state && game.state.tournament;
  box.hidden = !(tour && tour.id);
  if (box.hidden) return;
  const link = byTest('game-tournament-link');
  link.href = `#tournament/${encodeURIComponent(tour.id)}`;
  const name = tour.name || t('tournaments.aTournament');
  link.textContent = tour.round
    ? t('tournaments.gameRound', { n: tour.round, name })
    : t('tournaments.gameOf', { name });
}
