// Online play for a community (docs/community-api.md), in real browsers:
// two users sign up, one creates a rated real-time lobby game, the other
// joins it live from the lobby, they place a few pieces, then White lets the
// clock run out; both ratings change as Glicko-2 says. Then the archive,
// profiles, resigning, a wrong password, a guest, and a seat taken from
// another browser after logging in there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  state,
  waitState,
  legal,
  waitMyTurn,
  clickMove,
  noScriptErrors,
  noConsoleErrors,
  signUp,
  PASSWORD,
} from './helpers.mjs';

// ---------- Glicko-2 (Glickman, "Example of the Glicko-2 system"), written independently ----------
const SCALE = 173.7178;
function glicko2(player, opponents, tau = 0.5) {
  // player {r, rd, sigma}; opponents [{r, rd, s}]; one rating period.
  const mu = (player.r - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  const E = (m, mj, pj) => 1 / (1 + Math.exp(-g(pj) * (m - mj)));
  let vInv = 0,
    sum = 0;
  for (const o of opponents) {
    const mj = (o.r - 1500) / SCALE,
      pj = o.rd / SCALE;
    const e = E(mu, mj, pj);
    vInv += g(pj) ** 2 * e * (1 - e);
    sum += g(pj) * (o.s - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  const a = Math.log(player.sigma ** 2);
  const f = (x) =>
    (Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x))) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) -
    (x - a) / tau ** 2;
  let A = a,
    B;
  if (delta ** 2 > phi ** 2 + v) B = Math.log(delta ** 2 - phi ** 2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A),
    fB = f(B);
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi ** 2 + sigma ** 2);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  const muNew = mu + phiNew ** 2 * sum;
  return { r: SCALE * muNew + 1500, rd: SCALE * phiNew, sigma };
}

// ---------- helpers ----------
const stamp = Date.now().toString(36).slice(-5);
const ALICE = `alice_${stamp}`;
const BOB = `bob_${stamp}`;

let browser,
  alice,
  bob,
  gameId = null;

async function logIn(page, name, password = PASSWORD) {
  await page.goto(`${BASE}/#login`);
  await page.fill(tid('login-name'), name);
  await page.fill(tid('login-password'), password);
  await page.click(tid('login-submit'));
}

before(async () => {
  browser = await launch();
  // The community API must be there: a server without it fails here.
  const r = await fetch(`${BASE}/api/me`);
  assert.equal(r.status, 200, 'GET /api/me');
  alice = await newPage(browser);
  bob = await newPage(browser);
});
after(async () => {
  await browser?.close();
});

test('Glicko-2 reference: one game between two new players', () => {
  const w = glicko2({ r: 1500, rd: 350, sigma: 0.06 }, [{ r: 1500, rd: 350, s: 1 }]);
  const l = glicko2({ r: 1500, rd: 350, sigma: 0.06 }, [{ r: 1500, rd: 350, s: 0 }]);
  assert.ok(Math.abs(w.r - 1662.3) < 0.1, String(w.r));
  assert.ok(Math.abs(l.r - 1337.7) < 0.1, String(l.r));
  // Glickman's worked example: 1500/200/0.06 against 1400/30 (win), 1550/100 (loss), 1700/300 (loss).
  const ex = glicko2({ r: 1500, rd: 200, sigma: 0.06 }, [
    { r: 1400, rd: 30, s: 1 },
    { r: 1550, rd: 100, s: 0 },
    { r: 1700, rd: 300, s: 0 },
  ]);
  assert.ok(Math.abs(ex.r - 1464.06) < 0.01, String(ex.r));
  assert.ok(Math.abs(ex.rd - 151.52) < 0.01, String(ex.rd));
  assert.ok(Math.abs(ex.sigma - 0.05999) < 0.00001, String(ex.sigma));
});

test('two users sign up, meet in the lobby, and White loses a rated 15 s game on time', async (t) => {
  await signUp(alice, ALICE);
  assert.match(await alice.textContent(tid('me-link')), new RegExp(ALICE));
  assert.equal(await alice.isVisible(tid('login-link')), false);
  await signUp(bob, BOB);

  // Bob waits in the lobby; the list is live.
  await bob.goto(`${BASE}/#lobby`);
  await bob.waitForSelector(`${tid('lobby-connection')}[data-state="live"]`);

  // Alice creates a rated real-time game: 15 seconds, no increment, White.
  await alice.goto(`${BASE}/#lobby`);
  await alice.check(tid('lobby-color-white'));
  await alice.check(tid('clock-realtime'));
  await alice.fill(tid('clock-minutes'), '0.25');
  await alice.fill(tid('clock-increment'), '0');
  await alice.check(tid('lobby-rated'));
  await alice.click(tid('lobby-create'));
  await alice.waitForFunction(() => location.hash.startsWith('#game='));
  gameId = await alice.evaluate(() => location.hash.slice('#game='.length));
  let st = await waitState(alice, (s) => s.mode === 'online');
  assert.equal(st.rated, true);
  assert.equal(st.clock.type, 'realtime');
  assert.equal(st.clock.initial, 15);
  assert.equal(st.players.white.name, ALICE);

  // The game appears in Bob's lobby without a reload, with its terms.
  const row = `${tid('lobby-row')}[data-id="${gameId}"]`;
  await bob.waitForSelector(row, { timeout: 10000 });
  const rowText = await bob.textContent(row);
  assert.match(rowText, new RegExp(ALICE));
  assert.match(rowText, /1500/);
  assert.match(rowText, /15 s \+ 0 s/);
  assert.match(rowText, /Yes/);
  await shot(bob, '20-lobby');
  await bob.click(`${row} ${tid('lobby-join')}`);
  await bob.waitForFunction((id) => location.hash === `#game=${id}`, gameId);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  st = await waitState(alice, (s) => s.started !== false && s.players.black && s.players.black.name !== undefined);
  assert.equal(st.players.black.name, BOB);
  // The game has left the lobby.
  await bob.goto(`${BASE}/#lobby`);
  await bob.waitForSelector(`${tid('lobby-connection')}[data-state="live"]`);
  assert.equal(await bob.$(row), null);
  await bob.goto(`${BASE}/#game=${gameId}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');

  // Names and ratings in the game panel; the clocks show and stand still
  // until each side's first move (which is due within 30 s).
  await alice.waitForSelector(`${tid('clock-white')}:not([hidden])`);
  assert.match(await alice.textContent(tid('name-black')), new RegExp(BOB));
  assert.equal(await alice.textContent(tid('rating-black')), '1500');
  const ms1 = Number(await alice.getAttribute(tid('clock-white'), 'data-ms'));
  await alice.waitForTimeout(700);
  const ms2 = Number(await alice.getAttribute(tid('clock-white'), 'data-ms'));
  assert.equal(ms2, ms1, `White's clock waits for the first move: ${ms1} then ${ms2}`);
  assert.equal(ms1, 15000);
  assert.ok((await state(alice)).clock.first_move_deadline > 0, 'the first move is due');
  assert.equal(await alice.isVisible(tid('resign')), true, 'resign is offered');
  assert.equal(await alice.isVisible(tid('undo')), false, 'no undo in a rated game');

  // Four quick placements, then White (Alice) does not move.
  const players = { white: alice, black: bob };
  for (let i = 0; i < 4; i++) {
    const side = i % 2 === 0 ? 'white' : 'black';
    const page = players[side];
    await waitState(page, new Function('s', `return s.moves.length === ${i};`));
    await waitMyTurn(page);
    const free = await legal(page);
    await clickMove(page, free[(i * 11) % free.length]);
  }
  await waitState(bob, (s) => s.moves.length === 4);
  const blackLeft = (await state(bob)).clock.black_ms;
  // Bob reloads while White's clock runs: the clocks come back as they were.
  await bob.reload();
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(bob, (s) => s.moves.length === 4);
  await bob.waitForSelector(`${tid('clock-white')}.running`);
  assert.equal(Number(await bob.getAttribute(tid('clock-black'), 'data-ms')), blackLeft);
  const whiteShown = Number(await bob.getAttribute(tid('clock-white'), 'data-ms'));
  assert.ok(whiteShown < 15000 && whiteShown > 0, `White's clock after the reload: ${whiteShown}`);
  await shot(alice, '21-clock-running');
  await alice.waitForSelector(`${tid('clock-white')}.low`, { timeout: 15000 });

  // The server ends the game on time: Black wins, in both browsers.
  for (const page of [alice, bob]) {
    st = await waitState(page, (s) => s.result !== 'ongoing', 20000);
    assert.equal(st.result, 'black');
    assert.equal(st.end, 'time');
    await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
    assert.match(await page.textContent(tid('game-end')), /White ran out of time/);
    // Lost on time during placement: no count, which decided nothing.
    assert.equal(await page.isVisible(tid('status')), false, 'the panel says it, once');
    assert.equal(await page.textContent(tid('result')), 'Black wins');
    assert.doesNotMatch(await page.textContent(`${tid('game-over')} .detail`), /count/i);
    assert.equal(await page.textContent(`${tid('clock-white')}`), '0:00.0');
  }
  assert.ok(st.clock.black_ms <= blackLeft + 1, "Black's clock did not run while White thought");
  assert.match(await alice.textContent(`${tid('game-over')} .detail`), /You lost/);
  assert.match(await bob.textContent(`${tid('game-over')} .detail`), /You won/);
  assert.equal(await alice.isVisible(tid('resign')), false);

  // Rating changes as Glicko-2 says (tau 0.5; both 1500/350/0.06; one game, one period).
  const start = { r: 1500, rd: 350, sigma: 0.06 };
  const white = glicko2(start, [{ r: 1500, rd: 350, s: 0 }]);
  const black = glicko2(start, [{ r: 1500, rd: 350, s: 1 }]);
  st = await state(bob);
  assert.ok(st.rating_changes, 'the state has rating changes');
  assert.ok(Math.abs(st.rating_changes.white.before - 1500) < 1e-6);
  assert.ok(
    Math.abs(st.rating_changes.white.after - white.r) < 0.1,
    `white ${st.rating_changes.white.after} vs ${white.r}`,
  );
  assert.ok(
    Math.abs(st.rating_changes.black.after - black.r) < 0.1,
    `black ${st.rating_changes.black.after} vs ${black.r}`,
  );
  for (const page of [alice, bob]) {
    await page.waitForSelector(`${tid('rating-changes')}:not([hidden])`);
    const text = await page.textContent(tid('rating-changes'));
    assert.match(text, new RegExp(`${ALICE}: 1500 → ${Math.round(white.r)} \\(−${Math.round(1500 - white.r)}\\)`));
    assert.match(text, new RegExp(`${BOB}: 1500 → ${Math.round(black.r)} \\(\\+${Math.round(black.r - 1500)}\\)`));
    // The move input goes away with the game.
    assert.equal(await page.isVisible(tid('move-form')), false);
  }
  // Each header shows its player's new rating without a reload.
  await alice.waitForFunction(
    (r) => document.querySelector('[data-testid="me-link"]').textContent.includes(`(${r})`),
    Math.round(white.r),
  );
  await bob.waitForFunction(
    (r) => document.querySelector('[data-testid="me-link"]').textContent.includes(`(${r})`),
    Math.round(black.r),
  );
  await shot(bob, '22-game-over-time');

  // The clock survives a reload of the finished game too: still 0 for White.
  await alice.reload();
  await waitState(alice, (s) => s.result === 'black');
  await alice.waitForSelector(`${tid('game-over')}:not([hidden])`);

  // Profiles show the new ratings, the record and the game.
  await alice.goto(`${BASE}/#profile=${BOB}`);
  await alice.waitForSelector(`${tid('profile-rating')}[data-rating]:not([data-rating=""])`);
  const shown = Number(await alice.getAttribute(tid('profile-rating'), 'data-rating'));
  assert.ok(Math.abs(shown - black.r) < 0.1, `Bob's profile rating ${shown} vs ${black.r}`);
  assert.equal(await alice.textContent(tid('profile-rating')), String(Math.round(black.r)));
  assert.equal(await alice.isVisible(tid('profile-provisional')), true);
  assert.equal(await alice.getAttribute(tid('profile-record'), 'data-wins'), '1');
  assert.equal(await alice.getAttribute(tid('profile-record'), 'data-losses'), '0');
  assert.equal(await alice.$$eval(`${tid('rating-chart')} .chart-dot`, (e) => e.length), 2);
  await alice.waitForSelector(`${tid('profile-games')} [data-id="${gameId}"]`);
  await shot(alice, '23-profile');
  await alice.click(tid('me-link'));
  await alice.waitForFunction((n) => location.hash === `#profile=${n}`, ALICE);
  await alice.waitForFunction(
    (r) => document.querySelector('[data-testid="profile-rating"]').textContent === r,
    String(Math.round(white.r)),
  );
  assert.equal(await alice.getAttribute(tid('profile-record'), 'data-losses'), '1');

  // My games: the finished game is listed.
  await bob.goto(`${BASE}/#mygames`);
  await bob.waitForSelector(`${tid('mygames-finished')} [data-id="${gameId}"]`);
  for (const p of [alice, bob]) {
    noScriptErrors(p);
    noConsoleErrors(p);
  }
});

test('archive: the finished game is found by player, replays, and downloads', async (t) => {
  assert.ok(gameId, 'the previous test must have finished its game');
  const page = bob;
  await page.goto(`${BASE}/#archive`);
  await page.fill(tid('archive-player'), ALICE.toUpperCase());
  await page.click(tid('archive-search'));
  await page.waitForFunction(() => location.hash.startsWith('#archive&player='));
  const item = `${tid('archive-list')} [data-id="${gameId}"]`;
  await page.waitForSelector(item);
  assert.match(await page.textContent(item), /on time/);
  assert.match(await page.textContent(item), new RegExp(BOB));
  assert.equal(await page.getAttribute(`${item} ${tid('game-download')}`, 'href'), `/api/games/${gameId}/record`);
  const rec = await page.request.get(`${BASE}/api/games/${gameId}/record`);
  assert.equal(rec.status(), 200);
  const text = await rec.text();
  assert.match(text, new RegExp(ALICE));
  assert.match(text, new RegExp(BOB));
  // A search for someone else does not list it.
  await page.goto(`${BASE}/#archive&player=nobody_${stamp}`);
  await page.waitForSelector(`${tid('archive-list')} li.empty`);
  assert.equal(await page.$(item), null);
  // Replay: open it as a spectator and step back through the moves.
  await page.goto(`${BASE}/#archive&player=${BOB}`);
  await page.waitForSelector(item);
  await shot(page, '24-archive');
  await page.click(`${item} ${tid('game-open')}`);
  await page.waitForFunction((id) => location.hash === `#watch=${id}`, gameId);
  const st = await waitState(page, (s) => s.result === 'black' && s.moves.length === 4);
  assert.equal(st.end, 'time');
  await page.waitForSelector(`${tid('history-slider')}:not([disabled])`);
  await page.click(tid('hist-first'));
  assert.match(await page.textContent(tid('history-label')), /after move 0 of 4/);
  await page.click(tid('hist-next'));
  assert.match(await page.textContent(tid('history-label')), /after move 1 of 4/);
  noScriptErrors(page);
});

test('resign in an online game; a seat is found again after logging in on another browser', async (t) => {
  if (!gameId) {
    await signUp(alice, ALICE);
    await signUp(bob, BOB);
  }
  // An untimed unrated lobby game: Alice White, Bob joins.
  await alice.goto(`${BASE}/#lobby`);
  await alice.check(tid('lobby-color-white'));
  await alice.check(tid('clock-none'));
  await alice.uncheck(tid('lobby-rated'));
  await alice.click(tid('lobby-create'));
  await alice.waitForFunction(() => location.hash.startsWith('#game='));
  const id = await alice.evaluate(() => location.hash.slice('#game='.length));
  assert.equal(await alice.isVisible(tid('resign')), false, 'no resigning before the opponent comes');
  await bob.goto(`${BASE}/#lobby`);
  const row = `${tid('lobby-row')}[data-id="${id}"]`;
  await bob.waitForSelector(row);
  await bob.click(`${row} ${tid('lobby-join')}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitMyTurn(alice);
  await clickMove(alice, (await legal(alice))[0]);
  await waitState(bob, (s) => s.moves.length === 1);

  // The game is live: anyone finds it on the live page and watches.
  const carol = await newPage(browser);
  await carol.goto(`${BASE}/#live`);
  const liveItem = `${tid('live-list')} [data-id="${id}"]`;
  await carol.waitForSelector(liveItem);
  await carol.click(`${liveItem} ${tid('game-open')}`);
  await carol.waitForFunction((gid) => location.hash === `#watch=${gid}`, id);
  await waitState(carol, (s) => s.moves.length === 1);
  assert.equal(await carol.evaluate(() => window.dvonn.seat), null);
  assert.equal(await carol.isVisible(tid('resign')), false, 'spectators cannot resign');
  // Bob's "my turn" list has it, and leads back to his seat.
  await bob.goto(`${BASE}/#mygames`);
  const turnItem = `${tid('mygames-myturn')} [data-id="${id}"]`;
  await bob.waitForSelector(turnItem);
  await bob.click(`${turnItem} ${tid('game-open')}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await alice.goto(`${BASE}/#mygames`);
  await alice.waitForSelector(`${tid('mygames-waiting')} [data-id="${id}"]`);
  await alice.goto(`${BASE}/#game=${id}`);
  await alice.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');

  // Alice logs in on a second browser and opens the game: she has her seat.
  const alice2 = await newPage(browser, { width: 390, height: 844 });
  await logIn(alice2, ALICE);
  await alice2.waitForSelector(`body[data-user="${ALICE}"]`);
  await alice2.goto(`${BASE}/#game=${id}`);
  await alice2.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
  await alice2.waitForFunction(() => /You play White/.test(document.querySelector('[data-testid="seat"]').textContent));
  await shot(alice2, '25-phone-game');

  // Bob resigns: asked first, then the game ends for everyone.
  await bob.click(tid('resign'));
  await bob.waitForSelector(`${tid('resign-confirm')}:not([hidden])`);
  await bob.click(tid('resign-no'));
  assert.equal((await state(bob)).result, 'ongoing');
  await bob.click(tid('resign'));
  await bob.click(tid('resign-yes'));
  for (const page of [alice, bob, alice2, carol]) {
    const st = await waitState(page, (s) => s.result !== 'ongoing');
    assert.equal(st.result, 'white');
    assert.equal(st.end, 'resignation');
    await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
    assert.match(await page.textContent(tid('game-end')), /Black resigned/);
  }
  assert.equal(await bob.isVisible(tid('rating-changes')), false, 'unrated: no rating changes');
  await shot(bob, '26-resigned');
  for (const p of [alice, bob, alice2, carol]) {
    noScriptErrors(p);
    noConsoleErrors(p);
  }
});

test('a wrong password is refused in words; a taken name too; a guest opens and cancels a lobby game, plays and resigns against the engine', async (t) => {
  const page = await newPage(browser);
  await logIn(page, ALICE, 'not the password');
  await page.waitForFunction(() => document.querySelector('[data-testid="login-error"]').textContent !== '');
  assert.equal(await page.textContent(tid('login-error')), 'Wrong name or password');
  assert.equal(await page.getAttribute('body', 'data-user'), '');
  // Form checks before asking the server.
  await page.fill(tid('signup-name'), '1x');
  await page.fill(tid('signup-password'), 'short');
  await page.click(tid('signup-submit'));
  assert.match(await page.textContent(tid('signup-error')), /3 to 20 letters/);
  await page.fill(tid('signup-name'), ALICE);
  await page.fill(tid('signup-password'), PASSWORD);
  await page.click(tid('signup-submit'));
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="signup-error"]').textContent.includes('taken'),
  );
  await shot(page, '27-login-error');

  // A guest: a name only; plays the engine, and cannot create rated games.
  const guestName = `guest_${stamp}`;
  await page.goto(`${BASE}/#guest`);
  await page.fill(tid('guest-name'), guestName);
  await page.click(tid('guest-submit'));
  await page.waitForSelector(`body[data-user="${guestName}"]`);
  assert.match(await page.textContent(tid('me-link')), /guest/);
  await page.goto(`${BASE}/#lobby`);
  assert.equal(await page.isDisabled(tid('lobby-rated')), true);
  // The guest opens an unrated lobby game, Alice sees it arrive, the guest cancels it, Alice sees it go.
  await alice.goto(`${BASE}/#lobby`);
  await alice.waitForSelector(`${tid('lobby-connection')}[data-state="live"]`);
  await page.check(tid('clock-correspondence'));
  await page.fill(tid('clock-days'), '3');
  await page.click(tid('lobby-create'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  const openId = await page.evaluate(() => location.hash.slice('#game='.length));
  assert.equal((await waitState(page, (s) => s.clock && s.clock.type === 'correspondence')).started, false);
  const openRow = `${tid('lobby-row')}[data-id="${openId}"]`;
  await alice.waitForSelector(openRow);
  assert.match(await alice.textContent(openRow), /3 days per move/);
  assert.match(await alice.textContent(openRow), /No/);
  await page.goto(`${BASE}/#lobby`);
  await page.click(`${openRow} ${tid('lobby-cancel')}`);
  await page.waitForSelector(openRow, { state: 'detached' });
  await alice.waitForSelector(openRow, { state: 'detached' });
  await page.goto(`${BASE}/`);
  await page.check(tid('mode-engine'));
  await page.selectOption(tid('level'), '1');
  await page.check(tid('color-white'));
  await page.click(tid('start'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  const st = await waitState(page, () => true);
  assert.equal(st.players.white.name, guestName);
  await waitMyTurn(page);
  await clickMove(page, 'E3');
  await waitState(page, (s) => s.moves.length === 2);
  // Resigning an engine game.
  await page.click(tid('resign'));
  await page.click(tid('resign-yes'));
  await waitState(page, (s) => s.result === 'black' && s.end === 'resignation');
  // Log out: back to the three choices.
  await page.click(tid('logout'));
  await page.waitForSelector(tid('login-link'));
  assert.equal(await page.getAttribute('body', 'data-user'), '');
  noScriptErrors(page);
});
