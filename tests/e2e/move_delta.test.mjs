// Moves as small messages (docs/server-api.md, "Move deltas"): two players'
// browsers (one a phone in French) and a spectator follow a whole game whose
// moves reach them as {"type": "move"} WebSocket messages, and end with the
// very state the server has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, tid, startGame, state, waitState, waitMyTurn, clickMove } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

// The move messages a page receives on its game's WebSocket.
function countMoveMessages(page) {
  const seen = { moves: 0 };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.startsWith('{"type":"move"')) seen.moves++;
    });
  });
  return seen;
}

// The state without its clock (as of when it was sent, so it differs
// between two sendings of one version).
function withoutClock(s) {
  const { clock: _clock, ...rest } = s;
  return rest;
}

test('move messages keep two players and a spectator in sync over a whole game', async () => {
  const alice = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true, locale: 'fr-FR' });
  const carol = await newPage(browser, { width: 1280, height: 800 });
  const seen = [alice, bob, carol].map(countMoveMessages);
  const id = await startGame(alice, { mode: 'online', color: 'white' });
  await alice.waitForSelector(`${tid('invite')}:not([hidden])`);
  await bob.goto(await alice.inputValue(tid('invite-link')));
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(alice, (s) => s.started === true);
  await carol.goto(`${BASE}/#watch=${id}`);
  await waitState(carol, () => true);

  const players = { white: alice, black: bob };
  let st = await state(alice);
  for (let i = 0; st.result === 'ongoing' && i < 200; i++) {
    const page = players[st.to_move];
    const known = st.version;
    await waitState(page, (s) => s.version >= known);
    await waitMyTurn(page);
    st = await state(page);
    const move = st.legal[(i * 7) % st.legal.length];
    if (move === 'PASS') {
      await page.click('[data-testid="pass"]');
      const before = st.version;
      st = await waitState(page, (s) => s.version > before);
    } else st = await clickMove(page, move);
    // Every page has the move, as the server states it.
    const made = st.version;
    for (const p of [alice, bob, carol]) await waitState(p, (s) => s.version >= made);
    if (i % 10 === 0) {
      const server = withoutClock(await (await alice.request.get(`${BASE}/api/games/${id}`)).json());
      for (const p of [alice, bob, carol]) {
        const s = await state(p);
        if (s.version === server.version) assert.deepEqual(withoutClock(s), server, `move ${i}`);
      }
    }
  }
  assert.notEqual(st.result, 'ongoing', 'the game ended');
  const server = withoutClock(await (await alice.request.get(`${BASE}/api/games/${id}`)).json());
  for (const p of [alice, bob, carol]) {
    const s = await waitState(p, (s) => s.version === server.version);
    assert.deepEqual(withoutClock(s), server);
  }
  // The spectator had nearly every move as a move message (the end comes
  // whole), each player its opponent's.
  const n = server.moves.length;
  assert.ok(seen[2].moves >= n - 1, `spectator: ${seen[2].moves} move messages for ${n} moves`);
  assert.ok(seen[0].moves >= n / 2 - 1, `white: ${seen[0].moves} move messages`);
  assert.ok(seen[1].moves >= n / 2 - 1, `black: ${seen[1].moves} move messages`);
  for (const p of [alice, bob, carol]) assert.deepEqual(p.errors, []);
});
