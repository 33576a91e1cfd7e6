// The games of a tournament: its rounds with their pairings and results
// (Swiss, round robin; the latest round open, older ones folded), or the
// arena's recent games; each game linked, to watch it or, for one's own
// game still in play, to play it.
import { t } from '../i18n.js';
import { el } from '../dom.js';

const same = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

// One pairing or game: "alice – bob  1-0  Watch".
function pairingItem(p, me) {
  const li = el('li', { class: 'pairing', 'data-testid': 'pairing' });
  const players = el('span', { class: 'pairing-players' });
  players.appendChild(el('span', { class: 'white' }, p.white));
  players.appendChild(document.createTextNode(' – '));
  players.appendChild(el('span', { class: 'black' }, p.black == null ? t('tournaments.bye') : p.black));
  li.appendChild(players);
  const result = p.result === 'bye' ? '' : p.result || (p.game ? t('tournaments.playing') : '');
  li.appendChild(el('span', { class: 'result', 'data-testid': 'pairing-result' }, result));
  if (p.game) {
    const mine = !p.result && (same(p.white, me) || same(p.black, me));
    const a = el('a', {
      class: mine ? 'button primary small' : 'button small',
      href: mine ? `#game=${encodeURIComponent(p.game)}` : `#watch=${encodeURIComponent(p.game)}`,
    });
    a.textContent = mine ? t('tournaments.yourGame') : t('tournaments.watch');
    const who = { white: p.white, black: p.black || t('tournaments.bye') };
    a.setAttribute('aria-label', mine ? t('tournaments.yourGame') : t('tournaments.watchGame', who));
    li.appendChild(a);
  }
  return li;
}

// Fills box with the rounds (newest first) or, for an arena, the games.
export function renderRounds(box, data, me) {
  box.innerHTML = '';
  const tour = data.tournament;
  if (tour.kind === 'arena') {
    const games = data.games || [];
    if (!games.length) {
      box.appendChild(el('p', { class: 'help' }, t('tournaments.noGames')));
      return;
    }
    const ol = el('ol', { class: 'pairings', 'data-testid': 'tournament-games' });
    for (const g of games) ol.appendChild(pairingItem(g, me));
    box.appendChild(ol);
    return;
  }
  const rounds = [...(data.rounds || [])].sort((a, b) => b.round - a.round);
  if (!rounds.length) {
    box.appendChild(el('p', { class: 'help' }, t('tournaments.noRounds')));
    return;
  }
  rounds.forEach((r, i) => {
    const details = el('details', { class: 'round', 'data-testid': 'round' });
    details.dataset.round = String(r.round);
    if (i === 0) details.open = true;
    details.appendChild(el('summary', {}, t('tournaments.roundN', { n: r.round })));
    const ol = el('ol', { class: 'pairings' });
    for (const p of r.pairings || []) ol.appendChild(pairingItem(p, me));
    details.appendChild(ol);
    box.appendChild(details);
  });
}

// The game id of my game still in play, if any.
export function myGame(data, me) {
  if (!me) return null;
  const mine = (p) => p && p.game && !p.result && (same(p.white, me) || same(p.black, me));
  for (const r of data.rounds || []) for (const p of r.pairings || []) if (mine(p)) return p.game;
  for (const g of data.games || []) if (mine(g)) return g.game;
  return null;
}
