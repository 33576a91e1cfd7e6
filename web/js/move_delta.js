// A game's ordinary move as the server sends it to a watcher that has the
// state just before it (docs/server-api.md, "Move deltas"): the fields that
// changed, and the move to append to the list.

// The state after the move `delta` ({type: 'move', version, move, state}),
// or null when `state` is not the one just before it (a missed message):
// then the whole state must be fetched.
export function applyMoveDelta(state, delta) {
  if (!state || !delta || !delta.state || state.version !== delta.version - 1) return null;
  return { ...state, ...delta.state, moves: [...state.moves, delta.move] };
}
