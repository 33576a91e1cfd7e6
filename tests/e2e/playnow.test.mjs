// "Play now" (docs/ui.md): two people press Play now in their own browsers
// and both land in the same game within seconds; the grid counts those
// waiting live; Cancel and leaving the page withdraw a seek; a guest on a
// phone, in French, seeks casual games only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, tid, shot, noScriptErrors, expectNoAxeViolations, signUp } from './helpers.mjs';

const stamp = Date.now().toString(36).slice(-5);
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function asGuest(page, name) {
  await page.goto(`${BASE}/#guest`);
  await page.fill(tid('guest-name'), name);
  await page.click(tid('guest-submit'));
  await page.waitForSelector(`body[data-user="${name}"]`);
}

// Waits until the server holds n seeks at a control.
async function waitWaiting(page, control, n) {
  await page.waitForFunction(
    async ([c, count]) => {
      const r = await (await fetch('/api/seeks')).json();
      return r.controls.find((x) => x.control === c).waiting === count;
    },
    [control, n],
    { timeout: 5000, polling: 100 },
  );
}

test('two players press Play now and both open the same game', async () => {
  const alice = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 1280, height: 800 });
  await signUp(alice, `pnA_${stamp}`);
  await signUp(bob, `pnB_${stamp}`);
  await alice.goto(`${BASE}/#`);
  await bob.goto(`${BASE}/#`);
  const alicePlay = alice.getByRole('button', { name: 'Play now', exact: true });
  await alicePlay.waitFor();
  // 10+0 at first.
  assert.equal(await alice.textContent(tid('playnow-last')), '10+0');
  await alice.waitForFunction(() => document.querySelectorAll('[data-testid="playnow-control"]').length >= 6);
  await alicePlay.click();
  await alice.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
  assert.match(await alice.textContent(tid('playnow-status')), /Searching for an opponent: 10\+0, casual/);
  // Bob's grid counts Alice, live.
  await bob.getByRole('button', { name: /^10\+0, 1 waiting, \d+ playing$/ }).waitFor({ timeout: 5000 });
  await shot(alice, 'playnow-searching-desktop');
  await expectNoAxeViolations(alice, 'play now, searching');
  await bob.getByRole('button', { name: 'Play now', exact: true }).click();
  await alice.waitForFunction(() => /game=/.test(location.hash), null, { timeout: 10000 });
  await bob.waitForFunction(() => /game=/.test(location.hash), null, { timeout: 10000 });
  const idA = new URL(alice.url()).hash;
  const idB = new URL(bob.url()).hash;
  assert.equal(idA, idB, 'both in the same game');
  // Each holds a seat of it: one plays white, the other black.
  await alice.waitForFunction(() => window.dvonn && window.dvonn.state && window.dvonn.state.mode === 'online');
  const seats = await Promise.all(
    [alice, bob].map((p) =>
      p.evaluate(() => {
        const id = new URLSearchParams(location.hash.slice(1)).get('game');
        return JSON.parse(localStorage.getItem(`dvonn:game:${id}`) || 'null')?.seat || null;
      }),
    ),
  );
  assert.deepEqual([...seats].sort(), ['black', 'white']);
  await waitWaiting(alice, '10+0', 0);
  noScriptErrors(alice);
  noScriptErrors(bob);
  await alice.context().close();
  await bob.context().close();
});

test('a guest on a phone, in French: picks 5+3, cancels, and leaving the page withdraws', async () => {
  const page = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true, locale: 'fr-FR' });
  const watcher = await newPage(browser, { width: 1280, height: 800 });
  await watcher.goto(`${BASE}/#live`);
  await asGuest(page, `pnG_${stamp}`);
  await page.goto(`${BASE}/#`);
  const play = page.getByRole('button', { name: 'Jouer maintenant', exact: true });
  await play.waitFor();
  // Guests play casual games only, and are told why.
  assert.equal(await page.getByRole('radio', { name: 'Classée' }).isDisabled(), true);
  assert.equal(await page.isVisible(tid('playnow-rated-why')), true);
  const five = page.getByRole('button', { name: /^5\+3, \d+ en attente, \d+ en jeu$/ });
  await five.tap();
  await page.getByRole('button', { name: 'Annuler', exact: true }).waitFor();
  assert.match(await page.textContent(tid('playnow-status')), /5\+3, amicale/);
  await waitWaiting(watcher, '5+3', 1);
  // Big enough to tap, nothing wider than the screen.
  for (const sel of [tid('playnow-button'), tid('playnow-control'), tid('playnow-cancel')]) {
    const box = await page.locator(sel).first().boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${sel} is ${box.width}x${box.height}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await shot(page, 'playnow-searching-phone-fr');
  await expectNoAxeViolations(page, 'play now, phone, French');
  await page.getByRole('button', { name: 'Annuler', exact: true }).tap();
  await page.waitForSelector(`${tid('playnow-searching')}[hidden]`, { state: 'attached' });
  await waitWaiting(watcher, '5+3', 0);
  // The last control is remembered: Play now seeks 5+3 again.
  assert.equal(await page.textContent(tid('playnow-last')), '5+3');
  await play.tap();
  await page.getByRole('button', { name: 'Annuler', exact: true }).waitFor();
  await waitWaiting(watcher, '5+3', 1);
  // Leaving the home page withdraws it.
  await page.goto(`${BASE}/#lobby`);
  await waitWaiting(watcher, '5+3', 0);
  noScriptErrors(page);
  await page.context().close();
  await watcher.context().close();
});

test('a signed-out visitor is asked to sign in or play as a guest', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(`${BASE}/#`);
  await page.getByRole('button', { name: 'Play now', exact: true }).click();
  await page.waitForSelector(tid('playnow-signin'), { state: 'visible' });
  assert.match(await page.textContent(tid('playnow-message')), /guest/);
  await page.getByRole('link', { name: 'Play as guest' }).first().waitFor();
  await expectNoAxeViolations(page, 'play now, signed out');
  noScriptErrors(page);
  await page.context().close();
});
