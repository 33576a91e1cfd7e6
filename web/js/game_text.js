// The words about a game: who sits where, whose turn it is and what to do,
// how it ended; plain functions of the game being shown (app.js's `game`)
// or of its state.
import { t } from './i18n.js';

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const sideName = (side) => t(`side.${cap(side)}`);
export const other = (side) => (side === 'white' ? 'black' : 'white');

// The level of an engine player's name ("engine-4" → 4), else null.
export function engineLevel(name) {
  const m = /^engine-(\d+)$/i.exec(name || '');
  return m ? Number(m[1]) : null;
}

export function mySeatLabel(game) {
  if (!game.seat) return game.watch ? t('seat.watching') : t('seat.watchingFull');
  if (game.seat === 'both') return t('seat.both');
  return t('seat.youPlay', { side: sideName(game.seat) });
}

export function isMyTurn(game) {
  const st = game.state;
  if (!game.seat || isOver(st) || st.started === false) return false;
  return game.seat === 'both' || game.seat === st.to_move;
}

export function seatName(game, side) {
  const st = game.state;
  const seat = st.seats && st.seats[side];
  const pl = st.players && st.players[side];
  if (st.mode === 'local') return sideName(side);
  if (seat && seat.kind === 'engine') return t('player.engine', { level: seat.level || st.level || '?' });
  if (pl && pl.deleted) return t('player.deleted');
  if (pl && pl.name) return game.seat === side ? t('player.youNamed', { name: pl.name }) : pl.name;
  if (game.seat === side) return t('player.you');
  if (seat && seat.taken === false) return isOver(st) ? t('player.nobodyJoined') : t('player.waiting');
  return st.mode === 'online' ? (game.seat ? t('player.friend') : t('player.player')) : t('player.player');
}

export function piecesLeft(placed) {
  return { white: 25 - Math.ceil(placed / 2), black: 24 - Math.floor(placed / 2) };
}

export function pieceWord(piece) {
  return t(`piece.${piece === 'dvonn' ? 'dvonn' : piece === 'black' ? 'black' : 'white'}`);
}

export function resultText(st, sc) {
  const s = `${sc.white}–${sc.black}`;
  if (st.result === 'draw') return t('result.draw', { score: s });
  if (st.result === 'white' || st.result === 'black') return t('result.wins', { side: sideName(st.result), score: s });
  return '';
}

// How the game ended: the state's `end`, or 'count' for a finished
// position without one (an imported game played to its end).
export function endOf(st) {
  if (st.end) return st.end;
  return isOver(st) ? 'count' : null;
}

export function endText(st) {
  const end = endOf(st);
  if (end === 'count')
    return t('end.countScore', { white: st.score ? st.score.white : 0, black: st.score ? st.score.black : 0 });
  if (end === 'aborted') return t('end.aborted');
  if (end === 'cancelled') return t('end.cancelled');
  if (end === 'time')
    return st.result === 'white' || st.result === 'black'
      ? t('end.time', { side: sideName(other(st.result)) })
      : t('end.timeDraw');
  if (end === 'abandoned')
    return st.result === 'white' || st.result === 'black'
      ? t('end.abandoned', { side: sideName(other(st.result)) })
      : '';
  if (st.end === 'resignation')
    return st.result === 'white' || st.result === 'black'
      ? t('end.resignation', { side: sideName(other(st.result)) })
      : '';
  return '';
}

// Over: played to the end, resigned, lost on time, aborted or cancelled.
export function isOver(st) {
  return st.phase === 'over' || st.result !== 'ongoing' || st.end === 'aborted' || st.end === 'cancelled';
}

// Whether the final count decided the game (not a resignation or time).
export function countDecided(st) {
  return endOf(st) === 'count';
}

// A game that ended without a result (aborted, or a lobby game withdrawn).
export function noResult(st) {
  return st.end === 'aborted' || st.end === 'cancelled';
}

export function shortResult(st) {
  if (st.end === 'aborted') return t('result.aborted');
  if (st.end === 'cancelled') return t('result.cancelled');
  return st.result === 'draw' ? t('result.drawShort') : t('result.winsShort', { side: sideName(st.result) });
}

// The status line: whose turn it is and what they have to do, or that the
// game waits for its second player; empty once the game is over (the
// game-over panel says how it ended, once). `view` (board_view.js's
// shownView) is the position shown: an earlier one is described, without
// the live prompts.
export function statusText(game, view) {
  const st = game.state;
  if (isOver(st) && (!view || view.live)) return '';
  if (view && !view.live) {
    if (view.phase === 'over') return '';
    const what =
      view.phase === 'placement'
        ? t('what.place', { piece: pieceWord(view.placed < 3 ? 'dvonn' : view.toMove) })
        : view.legal.length === 1 && view.legal[0] === 'PASS'
          ? t('what.pass')
          : t(`what.move.${view.toMove}`);
    return t('status.history', { side: sideName(view.toMove), what });
  }
  const toMove = st.to_move;
  if (st.started === false) {
    if (!game.seat) return t('status.notStarted');
    return game.lobby ? t('status.waitingLobby') : t('status.waitingInvite');
  }
  const what =
    st.phase === 'placement'
      ? t('what.place', { piece: pieceWord(st.next_piece || toMove) })
      : st.legal.length === 1 && st.legal[0] === 'PASS'
        ? t('what.pass')
        : t(`what.move.${toMove}`);
  const seat = st.seats && st.seats[toMove];
  const myTurn = isMyTurn(game);
  const side = sideName(toMove);
  if (myTurn && game.seat !== 'both') return t('status.yourTurn', { what });
  if (myTurn) return t('status.sideTo', { side, what });
  if (seat && seat.kind === 'engine') return t('status.engineThinking', { side });
  if (game.seat && game.seat !== 'both') return t('status.waitingOpponent', { side, what });
  return t('status.sideTo', { side, what });
}

// Why a click or a typed move does nothing now.
export function explainCannotAct(game) {
  const st = game.state;
  if (game.viewIndex != null) return t('explain.lookingBack');
  if (!game.seat) return t('explain.spectator');
  if (isOver(st)) return t('explain.over');
  if (st.started === false) return t('explain.notStarted');
  const seat = st.seats && st.seats[st.to_move];
  if (seat && seat.kind === 'engine') return t('explain.engine');
  return t('explain.otherTurn', { side: sideName(st.to_move) });
}
