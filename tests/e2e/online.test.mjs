// An online game between two browsers, a spectator, refusals and a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  sq,
  shot,
  startGame,
  state,
  waitState,
  legal,
  waitMyTurn,
  clickMove,
  moveListTexts,
  noScriptErrors,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('online game: invitation, 49 placements by clicks, moving, spectator, refusals, reload', async () => {
  const alice = await newPage(browser);
  const id = await startGame(alice, { mode: 'online', color: 'white' });
  let st = await state(alice);
  assert.equal(st.mode, 'online');
  assert.equal(st.seats.black.taken, false);
  await alice.waitForSelector(`${tid('invite')}:not([hidden])`);
  const invite = await alice.inputValue(tid('invite-link'));
  assert.ok(invite.endsWith(`#game=${id}`), invite);
  assert.equal(
    await alice.textContent(tid('status')),
    'Waiting for your opponent: the game starts when they open the invitation link (below)',
  );
  // No moves are offered before the game starts: a click says why.
  assert.equal(await alice.getAttribute('body', 'data-my-turn'), 'false');
  assert.equal(await alice.isVisible(tid('move-form')), false, 'no move box before the start');
  await alice.click(sq('E3'));
  assert.equal(await alice.textContent(tid('message')), 'The game has not started: wait for an opponent');
  assert.equal(await alice.isVisible(tid('undo')), false, 'no undo online');
  assert.equal(await alice.isVisible(tid('hint')), false, 'no hint online');
  await shot(alice, '06-online-invite');

  // Bob opens the link and takes the free seat.
  const bob = await newPage(browser);
  await bob.goto(invite);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  // The seat is known before the panel is drawn with it: wait for the text.
  await bob.waitForFunction(() => /You play Black/.test(document.querySelector('[data-testid="seat"]').textContent));
  await alice.waitForSelector(`${tid('invite')}[hidden]`, { state: 'attached' });
  st = await waitState(alice, (s) => s.seats.black.taken === true);

  // A spectator follows along.
  const watchLink = await alice.inputValue(tid('watch-link'));
  assert.ok(watchLink.endsWith(`#watch=${id}`));
  const carol = await newPage(browser);
  await carol.goto(watchLink);
  await waitState(carol, () => true);
  assert.match(await carol.textContent(tid('seat')), /watching/);
  assert.equal(await carol.isVisible(tid('move-form')), false, 'spectators have no move input');
  // Nobody gets the engine's view of a game in progress.
  for (const p of [alice, bob, carol])
    assert.equal(await p.isVisible(tid('analyse-position')), false, 'no analysis board while the game is on');

  // Bob types a move while it is White's turn: the page says why, and
  // sends nothing.
  const posts = [];
  bob.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/moves')) posts.push(r.url());
  });
  await bob.fill(tid('move-input'), 'E3');
  await bob.click(tid('move-submit'));
  assert.equal(await bob.textContent(tid('message')), "It is White's turn: wait for your opponent");
  assert.deepEqual(posts, [], 'no request for a move out of turn');
  assert.equal((await state(bob)).moves.length, 0);
  // A click out of turn is explained without asking the server.
  await bob.click(sq('E3'));
  assert.match(await bob.textContent(tid('message')), /White's turn/);
  // A request with a wrong token is refused with 403.
  const bad = await bob.request.post(`${BASE}/api/games/${id}/moves`, { data: { token: '0'.repeat(32), move: 'E3' } });
  assert.equal(bad.status(), 403);
  assert.ok((await bad.json()).error);

  // The 49 placements, clicked in turn; the spectator sees them arrive.
  const players = { white: alice, black: bob };
  for (let i = 0; i < 49; i++) {
    const side = i % 2 === 0 ? 'white' : 'black';
    const page = players[side];
    await waitState(page, new Function('s', `return s.moves.length === ${i};`));
    await waitMyTurn(page);
    const free = await legal(page);
    // Spread the pieces: take a free space from a fixed but varied order.
    const move = free[(i * 7) % free.length];
    await clickMove(page, move);
    if (i === 10) {
      await waitState(carol, (s) => s.moves.length === 11);
      assert.equal(await carol.getAttribute(sq(move), 'data-stack'), (await state(alice)).stacks[move]);
      await shot(carol, '07-spectator-placement');
    }
  }
  st = await waitState(alice, (s) => s.phase === 'movement');
  assert.equal(st.to_move, 'white');
  assert.equal(Object.keys(st.stacks).length, 49);
  await waitState(carol, (s) => s.moves.length === 49);
  assert.equal((await moveListTexts(carol)).length, 49);

  // Moving: White moves a stack by clicks; Bob and Carol see it.
  await waitMyTurn(alice);
  const wMove = (await legal(alice)).find((m) => m.length === 4);
  await clickMove(alice, wMove);
  await waitState(bob, (s) => s.moves.length === 50);
  await waitState(carol, (s) => s.moves.length === 50);
  assert.equal(await carol.getAttribute(sq(wMove.slice(0, 2)), 'data-stack'), '');
  assert.equal((await moveListTexts(carol)).at(-1), wMove);
  await shot(alice, '08-online-moving');

  // Alice may not move Black's stacks: a click on one is refused with a reason.
  st = await state(alice);
  const blackOnTop = Object.keys(st.stacks).find((s) => st.stacks[s].endsWith('b'));
  await alice.click(sq(blackOnTop));
  assert.match(await alice.textContent(tid('message')), /Black's turn/);

  await waitMyTurn(bob);
  const bMove = (await legal(bob)).find((m) => m.length === 4);
  await bob.click(sq(bMove.slice(0, 2)));
  await bob.waitForSelector(`${sq(bMove.slice(2))}.target`);
  await bob.click(sq(bMove.slice(2)));
  await waitState(carol, (s) => s.moves.length === 51);
  await shot(carol, '09-spectator-moving');

  // Alice reloads: same seat, same game, and she can go on playing.
  await alice.reload();
  await alice.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
  st = await waitState(alice, (s) => s.moves.length === 51);
  await waitMyTurn(alice);
  assert.equal((await moveListTexts(alice)).length, 51);
  await alice.waitForSelector(`${tid('connection')}[data-state="live"]`);
  const next = (await legal(alice)).find((m) => m.length === 4) || 'PASS';
  if (next === 'PASS') {
    await alice.click(tid('pass'));
    await waitState(alice, (s) => s.moves.length === 52);
  } else await clickMove(alice, next);
  await waitState(bob, (s) => s.moves.length === 52);
  await waitState(carol, (s) => s.moves.length === 52);

  // A third browser opening the invitation now only watches (both seats taken).
  const dave = await newPage(browser);
  await dave.goto(invite);
  await waitState(dave, (s) => s.moves.length === 52);
  assert.equal(await dave.evaluate(() => window.dvonn.seat), null);
  assert.match(await dave.textContent(tid('seat')), /watching/);

  for (const p of [alice, bob, carol, dave]) noScriptErrors(p);
});
