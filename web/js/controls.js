// The game's controls: pass, resign (asked first), cancel (a lobby game
// nobody has joined) and abort (before both sides have moved), undo and hint
// (not in online or rated games), the move box, the turn alerts, and the
// invitation and spectator links.
import * as Rules from './rules.js';
import { byTest } from './dom.js';
import { shownView } from './board_view.js';
import { isOver } from './game_text.js';

// mine: this seat may act on the position shown now.
export function renderControls(game, mine) {
  const st = game.state;
  // Pass button.
  byTest('pass').hidden = !(mine && st.legal.length === 1 && st.legal[0] === 'PASS');

  // Controls.
  const canHelp = !!game.seat && st.mode !== 'online' && !st.rated;
  // The engine's view of a game in progress would be help: only once it
  // is over, on one screen, or where hints are allowed anyway.
  byTest('analyse-position').hidden = !(isOver(st) || st.mode === 'local' || canHelp);
  // The placement explorer, under the same rule: at the position shown
  // while it is in the placement phase, else from the empty board.
  byTest('explore-position').hidden = byTest('analyse-position').hidden;
  const view = shownView(game);
  const at =
    view.phase === 'placement'
      ? Rules.toPositionString({ stacks: view.stacks, phase: 'placement', toMove: view.toMove, placed: view.placed })
      : Rules.toPositionString(Rules.emptyPosition());
  byTest('explore-position').href = `#explorer?position=${encodeURIComponent(at)}`;
  const canResign =
    (game.seat === 'white' || game.seat === 'black') &&
    (st.mode === 'online' || st.mode === 'engine') &&
    st.started !== false &&
    !isOver(st) &&
    !(st.seats && ['white', 'black'].some((s) => st.seats[s] && st.seats[s].taken === false));
  byTest('resign').hidden = !canResign;
  const seated = game.seat === 'white' || game.seat === 'black';
  // A lobby game waiting for its opponent: its creator withdraws it.
  byTest('cancel-game').hidden = !(seated && game.lobby && st.started === false && !isOver(st));
  byTest('cancel-game').disabled = game.pending;
  // Abort: an online or engine game before both sides have moved.
  byTest('abort').hidden = !(
    seated &&
    !game.lobby &&
    (st.mode === 'online' || st.mode === 'engine') &&
    st.moves.length < 2 &&
    !isOver(st)
  );
  byTest('abort').disabled = game.pending;
  byTest('resign').disabled = game.pending;
  if (!canResign) byTest('resign-confirm').hidden = true;
  byTest('undo').hidden = !canHelp;
  byTest('hint').hidden = !canHelp;
  byTest('undo').disabled = !canHelp || !st.moves.length || game.pending || isOver(st);
  byTest('hint').disabled = !canHelp || !mine || game.pending;
  byTest('move-form').hidden = !game.seat || isOver(st) || st.started === false;
  // Alerts matter to a player waiting for someone else, not on one screen.
  byTest('alerts').hidden = !(game.seat === 'white' || game.seat === 'black') || isOver(st);

  // Links: invitation (online, a free seat) and spectators.
  const base = `${location.origin}${location.pathname}`;
  const free =
    st.mode === 'online' && ['white', 'black'].some((s) => st.seats && st.seats[s] && st.seats[s].taken === false);
  // (A lobby game is joined from the lobby: no invitation to a friend.)
  byTest('invite').hidden = !(free && game.seat && !game.lobby && !isOver(st));
  byTest('invite-link').value = `${base}#game=${game.id}`;
  byTest('watch-link').value = `${base}#watch=${game.id}`;
}
