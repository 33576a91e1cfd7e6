// Tournaments (docs/ui.md "Tournaments"), on the server's real API, in
// three browsers: Alice creates a private Swiss from the form (the server's
// refusal of a bad name shown first), Bob joins with a wrong then the right
// password, Carol watches without an account; Alice starts it, each
// player's browser opens its game by itself (Bob from another page), they
// play and resign, Carol's standings change live, the next round starts by
// itself and the tournament finishes. Then an arena on phones (390x844,
// touch), in Spanish by accessible names: no sideways scroll, the sheet
// and points live. Last, the creator's controls (an engine added, Cancel
// asked twice) and a withdrawal, seen live by the other browser. axe on the
// list, the form and the tournament page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  noScriptErrors,
  expectNoAxeViolations,
  signUp,
  noSideScroll,
  legal,
  clickMove,
  waitState,
} from './helpers.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PHONE = [
  { width: 390, height: 844 },
  { hasTouch: true, isMobile: true },
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const gameHash = (page) => page.evaluate(() => (/^#game=/.test(location.hash) ? location.hash.slice(6) : null));

// Waits until the page opens a game (other than `not`) by itself; its id.
async function opensGame(page, not = null, timeout = 30000) {
  await page.waitForFunction((old) => /^#game=/.test(location.hash) && location.hash.slice(6) !== old, not, {
    timeout,
    polling: 100,
  });
  await waitState(page, (s) => s.phase !== undefined);
  return gameHash(page);
}

// The points a standings table shows for a player (as text), or null.
async function pointsOf(page, name) {
  return page.evaluate((n) => {
    const row = [...document.querySelectorAll('[data-testid="standing"]')].find((r) => r.dataset.name === n);
    return row ? row.querySelector('[data-testid="standing-points"]').textContent : null;
  }, name);
}
async function waitPoints(page, name, text, timeout = 15000) {
  await page.waitForFunction(
    ([n, want]) => {
      const row = [...document.querySelectorAll('[data-testid="standing"]')].find((r) => r.dataset.name === n);
      return !!row && row.querySelector('[data-testid="standing-points"]').textContent === want;
    },
    [name, text],
    { timeout, polling: 100 },
  );
}

// White places a piece (the game is played, not only resigned), then the
// given page resigns through the confirm. (In an arena the next pairing may
// open a new game at once: the end is then seen in the standings.)
async function placeThenResign(white, resigner, resignName = 'Resign', yesName = 'Yes, resign', waitEnd = true) {
  await white.waitForSelector('body[data-my-turn="true"]');
  const moves = await legal(white);
  await clickMove(white, moves[0]);
  await waitState(resigner, (s) => s.moves.length >= 1);
  await resigner.getByRole('button', { name: resignName, exact: true }).click();
  await resigner.getByRole('button', { name: yesName, exact: true }).click();
  if (waitEnd) await waitState(resigner, (s) => !!s.result && s.result !== 'ongoing');
}

test('a private Swiss: create, join with a password, start, play two rounds, watched live', async () => {
  const A = `ta_${stamp}`;
  const B = `tb_${stamp}`;
  const NAME = `Swiss ${stamp}`;
  const alice = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 1280, height: 800 });
  const carol = await newPage(browser, { width: 1280, height: 800 });
  await signUp(alice, A);
  await signUp(bob, B);

  // The list, from the header's menu; the form, opened.
  await alice.goto(`${BASE}/#`);
  await alice.getByRole('navigation').getByRole('link', { name: 'Tournaments', exact: true }).click();
  await alice.waitForFunction(() => location.hash === '#tournaments');
  await alice.getByRole('heading', { name: 'Upcoming', exact: true }).waitFor();
  await expectNoAxeViolations(alice, 'tournament list');
  await alice.getByRole('button', { name: 'Create a tournament', exact: true }).click();
  const form = alice.getByRole('form', { name: 'New tournament' });
  await form.waitFor();
  await expectNoAxeViolations(alice, 'tournament form');
  await shot(alice, 'tournaments-form-desktop');

  // A name too short: the server's refusal is said under the form.
  await form.getByLabel('Name', { exact: true }).fill('ab');
  await form.getByRole('button', { name: 'Create the tournament' }).click();
  await alice.waitForFunction(() =>
    /Not created: ./.test(document.querySelector('[data-testid="tournament-form-error"]').textContent),
  );
  assert.match(await alice.textContent(tid('tournament-form-error')), /name/i);

  await form.getByLabel('Name', { exact: true }).fill(NAME);
  await form.getByRole('radio', { name: 'Swiss', exact: true }).check();
  await form.getByLabel('Rounds', { exact: true }).fill('2');
  await form.getByLabel('Clock', { exact: true }).selectOption({ label: '5+3' });
  await form.getByLabel('Minutes from now').fill('60');
  await form.getByLabel('Password (optional)').fill('s3cret');
  await form.getByRole('button', { name: 'Create the tournament' }).click();
  await alice.waitForFunction(() => /^#tournament\//.test(location.hash));
  const id = await alice.evaluate(() => location.hash.slice('#tournament/'.length));
  await alice.getByRole('heading', { level: 1, name: NAME }).waitFor();
  assert.match(await alice.textContent(tid('tournament-facts')), /Swiss · 5\+3 · rated · 2 rounds · Private/);
  assert.match(await alice.textContent(tid('tournament-countdown')), /^Starts in (59|1:00):\d\d/);
  await alice.getByRole('heading', { name: 'Your tournament' }).waitFor();

  // Bob finds it in the upcoming list, with its lock and its start.
  await bob.goto(`${BASE}/#tournaments`);
  const row = bob.locator(`${tid('tournaments-upcoming')} li[data-id="${id}"]`);
  await row.waitFor();
  assert.match(
    await row.textContent(),
    /Swiss · 5\+3 · rated · 2 rounds · starts .*\(in (60 minutes|1 hour)\) · 0 players/,
  );
  assert.equal(await row.getByRole('img', { name: 'Private' }).count(), 1);

  // Carol watches without an account: the page, live.
  await carol.goto(`${BASE}/#tournament/${id}`);
  await carol.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await carol.waitForSelector(`${tid('tournament-connection')}[data-state="live"]`);
  assert.equal(await carol.getByRole('button', { name: 'Join', exact: true }).isVisible(), false);
  await carol.getByText('To join, sign in or play as a guest:').waitFor();

  // Alice joins her own tournament (it is private: the password first).
  await alice.getByRole('button', { name: 'Join', exact: true }).click();
  await alice.getByLabel('This tournament is private: its password').fill('s3cret');
  await alice.getByRole('button', { name: 'Join with this password' }).click();
  await alice.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
  await carol.waitForSelector(`${tid('entrant')}[data-name="${A}"]`, { timeout: 5000 });

  // Bob: a wrong password, refused; then the right one.
  await row.getByRole('link', { name: NAME }).click();
  await bob.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await bob.getByRole('button', { name: 'Join', exact: true }).click();
  const pw = bob.getByLabel('This tournament is private: its password');
  await pw.fill('wrong');
  await bob.getByRole('button', { name: 'Join with this password' }).click();
  await bob.waitForFunction(() =>
    /Not joined: ./.test(document.querySelector('[data-testid="tournament-password-error"]').textContent),
  );
  assert.equal(await bob.getByRole('button', { name: 'Withdraw', exact: true }).isVisible(), false);
  await pw.fill('s3cret');
  await bob.getByRole('button', { name: 'Join with this password' }).click();
  await bob.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
  assert.equal(await bob.textContent(tid('tournament-joined')), 'You are playing in this tournament.');
  await carol.waitForSelector(`${tid('entrant')}[data-name="${B}"]`, { timeout: 5000 });
  await carol.getByRole('heading', { name: '2 players' }).waitFor();
  await expectNoAxeViolations(bob, 'tournament page, joined');
  await shot(bob, 'tournament-upcoming-desktop');

  // Bob goes elsewhere; Alice starts it. Both browsers open their games.
  await bob.goto(`${BASE}/#archive`);
  await bob.waitForSelector(`${tid('archive')}:not([hidden])`);
  await alice.getByRole('button', { name: 'Start now' }).click();
  const [gA, gB] = await Promise.all([opensGame(alice), opensGame(bob)]);
  assert.equal(gA, gB, 'both play the same game');
  // The game page names its round and links back.
  const back = alice.getByRole('link', { name: `Round 1 of ${NAME}` });
  await back.waitFor();
  assert.equal(await back.getAttribute('href'), `#tournament/${id}`);
  await carol.waitForFunction(
    () => document.querySelector('[data-testid="tournament-countdown"]').textContent === 'Round 1 of 2',
    null,
    { timeout: 10000 },
  );
  await carol
    .getByRole('link', { name: /^Watch / })
    .first()
    .waitFor();
  await shot(carol, 'tournament-round1-desktop');

  // Round 1: White places a piece, Black resigns. Carol's standings follow.
  const whiteFirst = (await alice.evaluate(() => window.dvonn.seat)) === 'white';
  const [w1, b1] = whiteFirst ? [alice, bob] : [bob, alice];
  const winner1 = whiteFirst ? A : B;
  const loser1 = whiteFirst ? B : A;
  await placeThenResign(w1, b1);
  await waitPoints(carol, winner1, '1', 5000);
  assert.equal(await pointsOf(carol, loser1), '0');
  assert.equal(await carol.locator(`${tid('standing')}[data-name="${winner1}"] td.rank`).textContent(), '1');

  // Round 2 starts by itself (after the director's pause): new games open.
  const [hA, hB] = await Promise.all([opensGame(alice, gA, 40000), opensGame(bob, gB, 40000)]);
  assert.equal(hA, hB);
  await alice.getByRole('link', { name: `Round 2 of ${NAME}` }).waitFor();
  await carol.waitForFunction(
    () => document.querySelector('[data-testid="tournament-countdown"]').textContent === 'Round 2 of 2',
    null,
    { timeout: 10000 },
  );
  assert.equal(await carol.locator(`${tid('round')}`).count(), 2);

  // Round 2: the other way round; then the tournament is over.
  const aliceWhite = (await alice.evaluate(() => window.dvonn.seat)) === 'white';
  const [w2, b2] = aliceWhite ? [alice, bob] : [bob, alice];
  const loser2 = aliceWhite ? B : A;
  await placeThenResign(w2, b2);
  const winner2 = loser2 === A ? B : A;
  const expected = { [winner1]: 1, [winner2]: 0 };
  expected[winner2] += 1;
  for (const [n, p] of Object.entries(expected)) await waitPoints(carol, n, String(p), 10000);
  await carol.waitForFunction(
    () => document.querySelector('[data-testid="tournament-status"]').textContent === 'Finished',
    null,
    { timeout: 15000 },
  );
  await expectNoAxeViolations(carol, 'tournament page, finished');
  await shot(carol, 'tournament-finished-desktop');

  // The finished list has it.
  await carol.goto(`${BASE}/#tournaments`);
  await carol.waitForSelector(`${tid('tournaments-finished')} li[data-id="${id}"]`);
  for (const p of [alice, bob, carol]) noScriptErrors(p);
});

test('an arena on phones, in Spanish: created, joined, started, the sheet live, nothing sideways', async () => {
  const A = `tc_${stamp}`;
  const B = `td_${stamp}_long_name`.slice(0, 20);
  const NAME = `Arena ${stamp}`;
  const es = { locale: 'es-ES', ...PHONE[1] };
  const ana = await newPage(browser, PHONE[0], es);
  const ben = await newPage(browser, PHONE[0], es);
  const eve = await newPage(browser, PHONE[0], es);
  await signUp(ana, A);
  await signUp(ben, B);

  // The home page's card leads to the list.
  await ana.goto(`${BASE}/#`);
  await ana.waitForFunction(() => document.documentElement.lang === 'es');
  await ana.getByRole('link', { name: 'Todos los torneos' }).click();
  await ana.getByRole('heading', { level: 1, name: 'Torneos' }).waitFor();
  await noSideScroll(ana, 'the list on a phone');
  await ana.getByRole('button', { name: 'Crear un torneo' }).click();
  const form = ana.getByRole('form', { name: 'Nuevo torneo' });
  await form.getByLabel('Nombre', { exact: true }).fill(NAME);
  await form.getByRole('radio', { name: 'Arena', exact: true }).check();
  await form.getByLabel('Duración (minutos)').fill('20');
  await form.getByLabel('Ritmo').selectOption({ label: '3+2' });
  await form.getByLabel('Dentro de cuántos minutos').fill('30');
  await noSideScroll(ana, 'the form on a phone');
  await expectNoAxeViolations(ana, 'tournament form, Spanish phone');
  await form.getByRole('button', { name: 'Crear el torneo' }).click();
  await ana.waitForFunction(() => /^#tournament\//.test(location.hash));
  const id = await ana.evaluate(() => location.hash.slice('#tournament/'.length));
  await ana.getByRole('heading', { level: 1, name: NAME }).waitFor();
  assert.match(await ana.textContent(tid('tournament-facts')), /Arena · 3\+2 · puntuable · 20 min/);
  await ana.getByRole('button', { name: 'Unirse', exact: true }).click();
  await ana.getByRole('button', { name: 'Retirarse', exact: true }).waitFor();

  await ben.goto(`${BASE}/#tournament/${id}`);
  await ben.getByRole('button', { name: 'Unirse', exact: true }).click();
  await ben.getByRole('button', { name: 'Retirarse', exact: true }).waitFor();
  await eve.goto(`${BASE}/#tournament/${id}`);
  await eve.getByRole('heading', { name: '2 jugadores' }).waitFor();
  await noSideScroll(eve, 'an upcoming arena on a phone');

  // Started: both phones open their game; Eve's page counts down to the end.
  await ana.getByRole('button', { name: 'Empezar ahora' }).tap();
  const [gA, gB] = await Promise.all([opensGame(ana), opensGame(ben)]);
  assert.equal(gA, gB);
  await ana.getByRole('link', { name: `Una partida de ${NAME}` }).waitFor();
  await eve.waitForFunction(
    () => /^Termina en (19|20):\d\d$/.test(document.querySelector('[data-testid="tournament-countdown"]').textContent),
    null,
    { timeout: 10000 },
  );
  await eve.getByRole('heading', { name: 'Partidas recientes' }).waitFor();
  await eve.getByRole('link', { name: /^Ver / }).first().waitFor();

  // A win: 2 points on the sheet, live; the loser's 0.
  const anaWhite = (await ana.evaluate(() => window.dvonn.seat)) === 'white';
  const [w, b] = anaWhite ? [ana, ben] : [ben, ana];
  const winner = anaWhite ? A : B;
  const loser = anaWhite ? B : A;
  await placeThenResign(w, b, 'Abandonar', 'Sí, abandonar', false);
  await waitPoints(eve, winner, '2', 5000);
  assert.equal(await pointsOf(eve, loser), '0');
  assert.equal(await eve.locator(`${tid('standing')}[data-name="${winner}"] td.sheet`).textContent(), '2');
  await noSideScroll(eve, 'a running arena on a phone');
  await expectNoAxeViolations(eve, 'arena page, Spanish phone');
  await shot(eve, 'tournament-arena-phone-es');
  // The arena pairs them again: a new game opens by itself.
  await Promise.all([opensGame(ana, gA, 30000), opensGame(ben, gB, 30000)]);
  for (const p of [ana, ben, eve]) noScriptErrors(p);
});

test("the creator's controls: an engine added, a withdrawal, a cancel asked twice, all seen live", async () => {
  const D = `te_${stamp}`;
  const E = `tf_${stamp}`;
  const NAME = `Club night ${stamp}`;
  const dora = await newPage(browser, { width: 1280, height: 800 });
  const eli = await newPage(browser, ...PHONE);
  await signUp(dora, D);
  await signUp(eli, E);
  await dora.goto(`${BASE}/#tournaments`);
  await dora.getByRole('button', { name: 'Create a tournament', exact: true }).click();
  const form = dora.getByRole('form', { name: 'New tournament' });
  await form.getByLabel('Name', { exact: true }).fill(NAME);
  await form.getByRole('radio', { name: 'Round robin', exact: true }).check();
  await form.getByRole('checkbox', { name: /^Rated/ }).uncheck();
  await form.getByLabel('Minutes from now').fill('30');
  await form.getByRole('button', { name: 'Create the tournament' }).click();
  await dora.getByRole('heading', { level: 1, name: NAME }).waitFor();
  assert.match(await dora.textContent(tid('tournament-facts')), /^Round robin · 5\+3 · casual$/);

  // An engine at level 2 joins; Eli (on a phone) sees it live.
  await eli.goto(`${BASE}/#tournament/${await dora.evaluate(() => location.hash.slice('#tournament/'.length))}`);
  await eli.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await eli.waitForSelector(`${tid('tournament-connection')}[data-state="live"]`);
  const mine = dora.getByRole('region', { name: 'Your tournament' });
  await mine.getByLabel('Engine level').selectOption('2');
  await mine.getByRole('button', { name: 'Add the engine' }).click();
  await eli.waitForSelector(`${tid('entrant')}[data-name="engine-2"]`, { timeout: 5000 });
  assert.match(await eli.textContent(`${tid('entrant')}[data-name="engine-2"]`), /\(engine\)/);

  // Eli joins and withdraws; Dora sees both.
  await eli.getByRole('button', { name: 'Join', exact: true }).tap();
  await eli.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
  await dora.waitForSelector(`${tid('entrant')}[data-name="${E}"]`, { timeout: 5000 });
  await eli.getByRole('button', { name: 'Withdraw', exact: true }).tap();
  await eli.getByRole('button', { name: 'Join', exact: true }).waitFor();
  await dora.waitForFunction(
    (n) => /\(withdrawn\)/.test(document.querySelector(`[data-testid="entrant"][data-name="${n}"]`)?.textContent || ''),
    E,
    { timeout: 5000 },
  );
  await noSideScroll(eli, 'an upcoming tournament on a phone');

  // Cancel: asked first; "No" keeps it, "Yes" cancels it, for Eli too.
  await dora.getByRole('button', { name: 'Cancel the tournament' }).click();
  await dora.getByRole('button', { name: 'No, keep it' }).click();
  assert.equal(await dora.textContent(tid('tournament-status')), 'Upcoming');
  await dora.getByRole('button', { name: 'Cancel the tournament' }).click();
  await dora.getByRole('button', { name: 'Yes, cancel it' }).click();
  await eli.waitForFunction(
    () => document.querySelector('[data-testid="tournament-status"]').textContent === 'Cancelled',
    null,
    { timeout: 5000 },
  );
  assert.equal(await eli.getByRole('button', { name: 'Join', exact: true }).isVisible(), false);
  assert.equal(await dora.getByRole('heading', { name: 'Your tournament' }).isVisible(), false);
  for (const p of [dora, eli]) noScriptErrors(p);
});
