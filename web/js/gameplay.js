// Between the two players of an online game: a rematch offered after the
// end (accepted with one click), a takeback asked for in a casual game,
// and the countdown before a player may claim the win from an opponent who
// left a real-time game (docs/ui.md "Rematch, takeback, claim").
// Spectators see offers and countdowns, read only.
import { ApiError } from './api.js';
import { t, errorText } from './i18n.js';
import { byTest, say } from './dom.js';
import { isOver, sideName } from './game_text.js';
import { saveSeat } from './seats.js';

async function post(game, path, extra = {}) {
  const res = await fetch(`/api/games/${encodeURIComponent(game.id)}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: game.token, ...extra }),
    cache: 'no-store',
  }).catch(() => null);
  if (!res) throw new ApiError('', 0);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError((data && data.error) || `HTTP ${res.status}`, res.status);
  return data;
}

function seated(game) {
  return game.seat === 'white' || game.seat === 'black';
}

let countdownTimer = null;

// mm:ss of the milliseconds left.
function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function setupGameplay({ currentGame, applyState }) {
  const act = async (path, then) => {
    const game = currentGame();
    if (!game || game.gameplayPending) return;
    game.gameplayPending = true;
    try {
      const r = await post(game, path);
      if (then) then(game, r);
      else if (r && r.id) applyState(r, 'move');
    } catch (e) {
      if (game === currentGame()) say(t('error.refused', { error: errorText(e) }), 'error');
    } finally {
      game.gameplayPending = false;
      if (game === currentGame()) renderGameplay(game);
    }
  };
  byTest('rematch-offer').addEventListener('click', () =>
    act('rematch', (game, r) => {
      if (r && r.game) openRematch(game, r);
      else if (r && r.id) applyState(r, 'move');
    }),
  );
  byTest('rematch-decline').addEventListener('click', () => act('rematch/decline'));
  byTest('takeback-ask').addEventListener('click', () => act('takeback'));
  byTest('takeback-accept').addEventListener('click', () => act('takeback/accept'));
  byTest('takeback-decline').addEventListener('click', () => act('takeback/decline'));
  byTest('claim-win').addEventListener('click', () => act('claim'));
  byTest('rematch-open').addEventListener('click', () => {
    const game = currentGame();
    if (game && game.state && game.state.rematch && game.state.rematch.game)
      location.hash = `${seated(game) ? 'game' : 'watch'}=${game.state.rematch.game}`;
  });
  clearInterval(countdownTimer);
  countdownTimer = setInterval(() => {
    const game = currentGame();
    if (game && game.state && game.state.away) renderAway(game);
  }, 500);
}

// The new game of an accepted rematch: this seat's token kept, and opened.
function openRematch(game, r) {
  if (!r.game || !r.token || !r.seat) return;
  saveSeat(r.game, r.seat, r.token, 'online');
  game.rematchOpened = true;
  location.hash = `game=${r.game}`;
}

// A message of the game's WebSocket that is not a state.
export function onGameplayMessage(game, m) {
  if (m.type === 'rematch-game' && seated(game) && !game.rematchOpened) openRematch(game, m);
}

function renderAway(game) {
  const st = game.state;
  const away = !isOver(st) && st.away;
  const box = byTest('away');
  box.hidden = !away;
  if (!away) return;
  const left =
    away.claimable_at -
    (st.clock && st.clock.server_time ? st.clock.server_time : Date.now()) -
    (performance.now() - (game.clockAt || performance.now()));
  const mine = seated(game) && away.color !== game.seat;
  const text = byTest('away-text');
  if (away.color === game.seat) text.textContent = t('play.awayYou');
  else if (left > 0)
    text.textContent = mine
      ? t('play.awayCountdown', { time: mmss(left) })
      : t('play.awayWatch', { side: sideName(away.color), time: mmss(left) });
  else text.textContent = mine ? t('play.awayClaimable') : t('play.awayWatchClaimable', { side: sideName(away.color) });
  const claim = byTest('claim-win');
  claim.hidden = !mine;
  claim.disabled = left > 0 || !!game.gameplayPending;
}

export function renderGameplay(game) {
  const st = game.state;
  const me = seated(game) ? game.seat : null;
  const online = st.mode === 'online';
  const over = isOver(st);
  // Rematch: after the end of an online game between two signed-in people.
  const rematch = st.rematch || null;
  const bothNamed = !!(st.players && st.players.white && st.players.black);
  const rematchBox = byTest('rematch');
  rematchBox.hidden = !(online && over && bothNamed && st.end !== 'cancelled' && (me || rematch));
  const offerBtn = byTest('rematch-offer');
  const declineBtn = byTest('rematch-decline');
  const note = byTest('rematch-note');
  const made = rematch && rematch.game;
  const offered = rematch && rematch.from;
  offerBtn.hidden = !me || made || offered === me;
  offerBtn.textContent = offered && offered !== me ? t('play.rematchAccept') : t('play.rematch');
  declineBtn.hidden = !me || made || !offered;
  declineBtn.textContent = offered === me ? t('play.rematchWithdraw') : t('play.rematchDecline');
  byTest('rematch-open').hidden = !made;
  byTest('rematch-open').textContent = me ? t('play.rematchGo') : t('play.rematchWatch');
  note.textContent = made
    ? t('play.rematchMade')
    : offered === me
      ? t('play.rematchWaiting')
      : offered
        ? me
          ? t('play.rematchOffered')
          : t('play.rematchOfferedBy', { side: sideName(offered) })
        : '';
  for (const b of [offerBtn, declineBtn]) b.disabled = !!game.gameplayPending;

  // Takeback: casual online games while they run.
  const takeback = !over && st.takeback;
  const casual = online && !st.rated && st.started !== false && !over;
  byTest('takeback').hidden = !(casual && (me || takeback));
  byTest('takeback-ask').hidden = !me || !!takeback || !st.moves.length;
  const incoming = takeback && me && takeback.from !== me;
  byTest('takeback-accept').hidden = !incoming;
  byTest('takeback-decline').hidden = !(takeback && me);
  byTest('takeback-decline').textContent =
    takeback && takeback.from === me ? t('play.takebackWithdraw') : t('play.takebackDecline');
  byTest('takeback-note').textContent = !takeback
    ? ''
    : takeback.from === me
      ? t('play.takebackWaiting')
      : me
        ? t('play.takebackAsked')
        : t('play.takebackAskedBy', { side: sideName(takeback.from) });
  for (const id of ['takeback-ask', 'takeback-accept', 'takeback-decline'])
    byTest(id).disabled = !!game.gameplayPending || !!game.pending;
  renderAway(game);
}

// A seat's page names its token on the game's WebSocket: the server then
// knows the player is there (and whom a rematch's token is for).
export function helloMessage(game) {
  return seated(game) && game.token ? { type: 'hello', token: game.token } : null;
}
