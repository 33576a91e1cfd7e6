// During and after an online game (docs/ui.md "Premove, takeback, leaving
// and rematch"), in two browsers: a premove played the moment the
// opponent's move arrives, and one cancelled by a tap, the keyboard and the
// button; a takeback in a casual game; an opponent who closes the page (the
// countdown to claiming the win, which stops when they come back); a
// rematch offered and accepted with one click each, both landing in the new
// game with colours swapped. Then the same on phones in French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  sq,
  state,
  waitState,
  shot,
  noScriptErrors,
  expectNoAxeViolations,
  signUp,
} from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, options: { hasTouch: true, isMobile: true } };
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

function uniqueName(prefix) {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9]/gi, 'x');
}

// A casual real-time online game: `white` creates it (through the API, as
// the home form would), `black` opens the link and takes the free seat.
async function onlineGame(white, black) {
  const id = await white.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'online',
        color: 'white',
        rated: false,
        clock: { type: 'realtime', initial: 300, increment: 0 },
      }),
    });
    return (await r.json()).id;
  });
  await white.goto(`${BASE}/#game=${id}`);
  await black.goto(`${BASE}/#game=${id}`);
  for (const p of [white, black]) await waitState(p, (s) => s.started === true);
  await white.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
  await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  return id;
}

async function play(page, move) {
  const before = (await state(page)).moves.length;
  await page.click(sq(move));
  return waitState(page, (s) => s.moves.length > before);
}

async function noSidewaysScroll(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px`);
}

async function tapSize(page, name) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  assert.ok(box && box.height >= 44 && box.width >= 44, `${name}: ${JSON.stringify(box)}`);
}

test('premove, takeback, leaving and rematch between two browsers', async () => {
  const alice = await newPage(browser, { width: 1280, height: 800 });
  const bobContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let bob = await bobContext.newPage();
  bob.errors = [];
  bob.on('pageerror', (e) => bob.errors.push(e.message));
  const aliceName = uniqueName('al'),
    bobName = uniqueName('bo');
  await signUp(alice, aliceName);
  await signUp(bob, bobName);
  const id = await onlineGame(alice, bob);

  // Bob queues F3 while Alice thinks: shown, then played the moment E3 lands.
  await bob.click(sq('F3'));
  await bob.waitForSelector(`${tid('premove-status')}:not([hidden])`);
  assert.match(await bob.textContent(tid('premove-status')), /Premove: F3/);
  assert.ok(await bob.$eval(sq('F3'), (e) => e.classList.contains('premove')));
  assert.match(await bob.getAttribute(sq('F3'), 'aria-label'), /\(premove\)/);
  await expectNoAxeViolations(bob, 'a premove queued');
  await play(alice, 'E3');
  let s = await waitState(bob, (st) => st.moves.length === 2);
  assert.deepEqual(s.moves, ['E3', 'F3']);
  assert.equal(await bob.getAttribute('body', 'data-premove'), '');

  // A premove cancelled by a tap on it, one by the keyboard and the button:
  // neither is played.
  await play(alice, 'D3');
  await bob.waitForFunction(() => window.dvonn.state.to_move === 'black');
  await play(bob, 'G3');
  await bob.click(sq('H3'));
  await bob.waitForSelector(`${tid('premove-status')}:not([hidden])`);
  await bob.click(sq('H3'));
  await bob.waitForSelector(tid('premove-status'), { state: 'hidden' });
  await bob.focus(sq('H3'));
  await bob.keyboard.press('Enter');
  await bob.waitForSelector(`${tid('premove-status')}:not([hidden])`);
  await bob.getByRole('button', { name: 'Cancel premove', exact: true }).click();
  await bob.waitForSelector(tid('premove-status'), { state: 'hidden' });
  await play(alice, 'C3');
  await waitState(bob, (st) => st.moves.length === 5);
  assert.equal((await state(bob)).to_move, 'black');

  // Takeback: Bob plays, asks for it; Alice sees it live and accepts.
  await play(bob, 'H3');
  await bob.getByRole('button', { name: 'Ask to take back', exact: true }).click();
  await alice.waitForSelector(`${tid('takeback-note')}:has-text("asks to take back")`);
  await expectNoAxeViolations(alice, 'a takeback asked for');
  await alice.getByRole('button', { name: 'Accept the takeback', exact: true }).click();
  for (const p of [alice, bob]) await waitState(p, (st) => st.moves.length === 5 && st.to_move === 'black');

  // Bob closes his page: Alice sees a countdown, the claim not yet allowed.
  await bob.close();
  await alice.waitForSelector(`${tid('away')}:not([hidden])`);
  assert.match(await alice.textContent(tid('away-text')), /Opponent left: you can claim the win in \d:\d\d/);
  const claim = alice.getByRole('button', { name: 'Claim the win', exact: true });
  assert.ok(await claim.isDisabled());
  await expectNoAxeViolations(alice, 'the opponent left');
  await shot(alice, 'gameplay-away');
  // He comes back: the countdown stops.
  bob = await bobContext.newPage();
  bob.errors = [];
  bob.on('pageerror', (e) => bob.errors.push(e.message));
  await bob.goto(`${BASE}/#game=${id}`);
  await alice.waitForSelector(tid('away'), { state: 'hidden' });

  // Rematch: Alice resigns, offers; Bob accepts with one click; both land
  // in the new game, colours swapped.
  await alice.getByRole('button', { name: 'Resign', exact: true }).click();
  await alice.getByRole('button', { name: 'Yes, resign', exact: true }).click();
  await bob.waitForSelector(`${tid('rematch')}:not([hidden])`);
  await alice.getByRole('button', { name: 'Offer a rematch', exact: true }).click();
  await bob.waitForSelector(`${tid('rematch-note')}:has-text("offers a rematch")`);
  await expectNoAxeViolations(bob, 'a rematch offered');
  await bob.getByRole('button', { name: 'Accept the rematch', exact: true }).click();
  for (const p of [alice, bob])
    await p.waitForFunction((old) => location.hash.startsWith('#game=') && !location.hash.endsWith(old), id);
  const fresh = await bob.evaluate(() => location.hash.slice('#game='.length));
  assert.equal(await alice.evaluate(() => location.hash.slice('#game='.length)), fresh);
  await bob.waitForFunction(() => window.dvonn.seat === 'white' && window.dvonn.state.moves.length === 0);
  await alice.waitForFunction(() => window.dvonn.seat === 'black');
  s = await state(alice);
  assert.equal(s.players.white.name, bobName);
  assert.equal(s.players.black.name, aliceName);
  assert.equal(s.clock.initial, 300);
  // They play it: the token each page got is its own.
  await play(bob, 'E3');
  await waitState(alice, (st) => st.moves.length === 1);
  noScriptErrors(alice);
  noScriptErrors(bob);
  await alice.context().close();
  await bobContext.close();
});

test('on phones, in French: takeback and rematch by touch', async () => {
  const phone = { ...PHONE.options, locale: 'fr-FR' };
  const anna = await newPage(browser, PHONE.viewport, phone);
  const ben = await newPage(browser, PHONE.viewport, phone);
  const annaName = uniqueName('an'),
    benName = uniqueName('be');
  await signUp(anna, annaName);
  await signUp(ben, benName);
  await onlineGame(anna, ben);
  await ben.tap(sq('F3')); // a premove by touch
  await ben.waitForSelector(`${tid('premove-status')}:not([hidden])`);
  assert.match(await ben.textContent(tid('premove-status')), /Précoup : F3/);
  await tapSize(ben, 'Annuler le précoup');
  await anna.tap(sq('E3'));
  await waitState(ben, (st) => st.moves.length === 2);
  await tapSize(anna, 'Demander à reprendre');
  await noSidewaysScroll(ben);
  await anna.getByRole('button', { name: 'Abandonner', exact: true }).tap();
  await anna.getByRole('button', { name: 'Oui, abandonner', exact: true }).tap();
  await anna.getByRole('button', { name: 'Proposer une revanche', exact: true }).tap();
  await ben.waitForSelector(`${tid('rematch-note')}:has-text("propose une revanche")`);
  await tapSize(ben, 'Accepter la revanche');
  await noSidewaysScroll(ben);
  await expectNoAxeViolations(ben, 'a rematch offered, French, phone');
  await shot(ben, 'gameplay-rematch-phone-fr');
  await ben.getByRole('button', { name: 'Accepter la revanche', exact: true }).tap();
  await ben.waitForFunction(
    () => window.dvonn && window.dvonn.seat === 'white' && window.dvonn.state.moves.length === 0,
  );
  await anna.waitForFunction(
    () => window.dvonn && window.dvonn.seat === 'black' && window.dvonn.state.moves.length === 0,
  );
  noScriptErrors(anna);
  noScriptErrors(ben);
  await anna.context().close();
  await ben.context().close();
});
