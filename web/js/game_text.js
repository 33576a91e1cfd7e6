// The words about a game: who sits where, whose turn it is and what to do,
// how it ended; plain functions of the game being shown (app.js's `game`)
// or of its state.
import { t } from './i18n.js';

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const sideName = (side) => t(`side.${cap(side)}`);
export const other = (side) => (side === 'white' ? 'black' : 'white');

export function mySeatLabel(game) {
  if (!game.seat) return game.watch ? t('seat.watching') : t('seat.watchingFull');
  if (game.seat === 'both') return t('seat.both');
  return t('seat.youPlay', { side: sideName(game.seat) });
}

export function isMyTurn(game) {
  const st = game.state;
  if (!game.seat || st.result !== 'ongoing' || st.phase === 'over') return false;
  return game.seat === 'both' || game.seat === st.to_move;
}

export function seatName(game, side) {
  const st = game.state;
  const seat = st.seats && st.seats[side];
  const pl = st.players && st.players[side];
  if (st.mode === 'local') return sideName(side);
  if (seat && seat.kind === 'engine') return t('player.engine', { level: seat.level || st.level || '?' });
  if (pl && pl.name) return game.seat === side ? t('player.youNamed', { name: pl.name }) : pl.name;
  if (game.seat === side) return t('player.you');
  if (seat && seat.taken === false) return t('player.waiting');
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

export function endText(st) {
  if (!st.end) return '';
  if (st.end === 'time')
    return st.result === 'white' || st.result === 'black'
      ? t('end.time', { side: sideName(other(st.result)) })
      : t('end.timeDraw');
  if (st.end === 'resignation')
    return st.result === 'white' || st.result === 'black'
      ? t('end.resignation', { side: sideName(other(st.result)) })
      : '';
  if (st.end === 'count') return t('end.count');
  return '';
}

export function isOver(st) {
  return st.phase === 'over' || st.result !== 'ongoing';
}

// Whether the final count decided the game (not a resignation or time).
export function countDecided(st) {
  return !st.end || st.end === 'count';
}

export function shortResult(st) {
  return st.result === 'draw' ? t('result.drawShort') : t('result.winsShort', { side: sideName(st.result) });
}

// The status line: the result once the game is over, else whose turn it is
// and what they have to do.
export function statusText(game) {
  const st = game.state;
  const toMove = st.to_move;
  let text;
  if (isOver(st)) {
    // The count is named only when it decided the game (not after a
    // resignation or a loss on time, when it says nothing about the winner).
    text = countDecided(st)
      ? t('status.over', { result: resultText(st, st.score) })
      : t('status.overHow', { result: shortResult(st), how: endText(st) });
  } else {
    const what =
      st.phase === 'placement'
        ? t('what.place', { piece: pieceWord(st.next_piece || toMove) })
        : st.legal.length === 1 && st.legal[0] === 'PASS'
          ? t('what.pass')
          : t(`what.move.${toMove}`);
    const seat = st.seats && st.seats[toMove];
    const oppSeat = st.seats && game.seat && game.seat !== 'both' && st.seats[other(game.seat)];
    const alone = oppSeat && oppSeat.kind === 'human' && oppSeat.taken === false ? t('status.friendNotJoined') : '';
    const myTurn = isMyTurn(game);
    const side = sideName(toMove);
    if (myTurn && game.seat !== 'both') text = t('status.yourTurn', { what }) + alone;
    else if (myTurn) text = t('status.sideTo', { side, what });
    else if (seat && seat.kind === 'engine') text = t('status.engineThinking', { side });
    else if (seat && seat.taken === false) text = t('status.waitingFriend', { side });
    else if (game.seat && game.seat !== 'both') text = t('status.waitingOpponent', { side, what });
    else text = t('status.sideTo', { side, what });
  }
  return text;
}

// Why a click or a typed move does nothing now.
export function explainCannotAct(game) {
  const st = game.state;
  if (game.viewIndex != null) return t('explain.lookingBack');
  if (!game.seat) return t('explain.spectator');
  if (isOver(st)) return t('explain.over');
  const seat = st.seats && st.seats[st.to_move];
  if (seat && seat.kind === 'engine') return t('explain.engine');
  if (st.started === false) return t('explain.notStarted');
  return t('explain.otherTurn', { side: sideName(st.to_move) });
}
