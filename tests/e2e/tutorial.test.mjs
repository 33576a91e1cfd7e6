// The interactive tutorial (#learn, docs/ui.md "Tutorial"), in real
// browsers: a guest reaches it from the home page's invitation and solves
// every step on the board (wrong moves explained first), the progress
// survives a reload; a registered user's progress follows the account to
// another browser; the end starts a game against engine level 1. On a phone
// with touch, and in French, with accessible names; axe on every screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  waitState,
  noScriptErrors,
  expectNoAxeViolations,
  signUp,
  PASSWORD,
  noSideScroll,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TOUCH = { hasTouch: true, isMobile: true };
const stamp = Date.now().toString(36).slice(-5);
const space = (s) => `${tid('learn-board')} [data-square="${s}"]`;

async function stepShown(page, id) {
  await page.waitForSelector(`${tid('learn')}[data-step="${id}"]:not([hidden])`);
}
async function feedback(page, kind) {
  await page.waitForSelector(`${tid('learn-feedback')}[data-kind="${kind}"]`);
  return page.textContent(tid('learn-feedback'));
}
// Plays a move on the tutorial's board: "E3" places, "D3F3" moves.
async function play(page, move, tap = false) {
  const press = (s) => (tap ? page.tap(space(s)) : page.click(space(s)));
  await press(move.slice(0, 2));
  if (move.length === 4) await press(move.slice(2));
}
async function solve(page, id, moves, tap = false) {
  await stepShown(page, id);
  for (const m of moves) {
    if (m === 'PASS') await (tap ? page.tap(tid('learn-pass')) : page.click(tid('learn-pass')));
    else await play(page, m, tap);
  }
  const text = await feedback(page, 'ok');
  assert.ok(text.length > 10, `${id}: praise shown`);
}

// The right moves of each step.
const SOLUTIONS = [
  ['placing', ['E3', 'B2', 'H4']],
  ['moving', ['D3F3']],
  ['surrounded', ['G3F3']],
  ['stacking', ['D3E3']],
  ['jumping', ['B3E3']],
  ['disconnection', ['F3E3']],
  ['passing', ['PASS']],
  ['ending', ['D3C3']],
];

test('a guest learns every rule on the board, keeps the progress over a reload, and starts a first game', async () => {
  const page = await newPage(browser, DESKTOP);
  await page.goto(`${BASE}/#guest`);
  await page.fill(tid('guest-name'), `learner_${stamp}`);
  await page.click(tid('guest-submit'));
  await page.waitForSelector(`body[data-user="learner_${stamp}"]`);
  await page.goto(`${BASE}/#`);
  // The home page invites a first-time visitor.
  const card = page.getByRole('region', { name: 'New to DVONN? Learn in 5 minutes' });
  await card.waitFor();
  await expectNoAxeViolations(page, 'home with the invitation');
  await card.getByRole('link', { name: 'Start the tutorial' }).click();
  await stepShown(page, 'placing');
  assert.equal(await page.textContent(tid('learn-progress')), 'Step 1 of 8');
  assert.match(page.url(), /#learn\/placing$/);
  assert.equal(await page.getAttribute(tid('learn-link'), 'aria-current'), 'page');
  await expectNoAxeViolations(page, 'tutorial, placing');

  // Placing: an occupied space is explained, the three red pieces go down.
  await play(page, 'E3');
  await page.waitForSelector(`${space('E3')}[data-stack="d"]`);
  await play(page, 'E3');
  assert.match(await feedback(page, 'error'), /already occupied/);
  await play(page, 'B2');
  await play(page, 'H4');
  assert.match(await feedback(page, 'ok'), /Well done/);
  await page.getByRole('button', { name: 'Next' }).click();

  // Moving: a stack of two cannot go one space; the why says so.
  await stepShown(page, 'moving');
  assert.equal(await page.textContent(tid('learn-progress')), 'Step 2 of 8');
  await play(page, 'D3E3');
  assert.match(await feedback(page, 'error'), /cannot reach E3.*exactly 2 spaces/);
  // A hint draws the move.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForSelector(`${tid('learn-board')}[data-hint="D3F3"]`);
  await solve(page, 'moving', ['D3F3']);
  await shot(page, 'tutorial-moving-solved');

  // A reload (localStorage): #learn resumes at the first unfinished step.
  await page.goto(`${BASE}/#learn`);
  await page.reload();
  await stepShown(page, 'surrounded');
  assert.match(page.url(), /#learn\/surrounded$/);
  assert.equal(await page.getAttribute(`${tid('learn-steps')} a[data-step="moving"]`, 'class'), 'done');
  assert.equal(
    await page.getAttribute(`${tid('learn-steps')} a[data-step="moving"]`, 'aria-label'),
    'Step 2: Moving a stack (done)',
  );

  // Boxed in: E3 cannot move, and says why.
  await play(page, 'E3');
  assert.match(await feedback(page, 'error'), /surrounded/);
  await solve(page, 'surrounded', ['G3F3']);
  await page.getByRole('button', { name: 'Next' }).click();

  // Stacking: a legal move that misses the goal is explained, nothing moves.
  await stepShown(page, 'stacking');
  await play(page, 'D3D4');
  assert.match(await feedback(page, 'error'), /allowed, but it is not this step's goal/);
  assert.equal(await page.getAttribute(space('D3'), 'data-stack'), 'w');
  await solve(page, 'stacking', ['D3E3']);
  assert.equal(await page.getAttribute(space('E3'), 'data-stack'), 'wbbw');
  await page.getByRole('button', { name: 'Next' }).click();

  await solve(page, 'jumping', ['B3E3']);
  await page.getByRole('button', { name: 'Next' }).click();

  // Disconnection: G3 and H3 leave the board.
  await solve(page, 'disconnection', ['F3E3']);
  for (const s of ['G3', 'H3']) {
    assert.equal(await page.getAttribute(space(s), 'data-stack'), '');
    assert.ok(await page.getAttribute(space(s), 'data-removed'));
  }
  await page.getByRole('button', { name: 'Next' }).click();

  // Passing: a click on the board says to pass.
  await stepShown(page, 'passing');
  await play(page, 'C3');
  assert.match(await feedback(page, 'error'), /must pass/);
  await solve(page, 'passing', ['PASS']);
  await page.getByRole('button', { name: 'Next' }).click();

  // The end: a move that ends the game with White behind is explained.
  await stepShown(page, 'ending');
  assert.equal(await page.textContent(tid('learn-progress')), 'Step 8 of 8');
  await play(page, 'D3D4');
  assert.match(await feedback(page, 'error'), /you would lose: White 2, Black 3/);
  await solve(page, 'ending', ['D3C3']);
  const finish = page.getByRole('region', { name: 'You know the rules!' });
  await finish.waitFor();
  assert.equal(await page.locator(`${tid('learn-steps')} a.done`).count(), 8);
  await expectNoAxeViolations(page, 'tutorial, finished');
  await shot(page, 'tutorial-finished');

  // Done: the home page no longer invites.
  await page.goto(`${BASE}/#`);
  await page.waitForSelector(tid('playnow-button'));
  await page.waitForTimeout(300);
  assert.equal(await page.isHidden(tid('learn-card')), true);

  // The first game: engine level 1, White.
  await page.goto(`${BASE}/#learn/ending`);
  await stepShown(page, 'ending');
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Play your first game' }).click();
  await page.waitForURL(/#game=/);
  const st = await waitState(page, (s) => s && s.mode === 'engine');
  assert.equal(st.level, 1);
  assert.equal(await page.evaluate(() => window.dvonn.seat), 'white');
  noScriptErrors(page);
  await page.context().close();
});

test("a registered user's progress is kept in the account and resumes in another browser", async () => {
  const name = `tut_${stamp}`;
  const a = await newPage(browser, DESKTOP);
  await signUp(a, name);
  await a.goto(`${BASE}/#learn`);
  await solve(a, 'placing', SOLUTIONS[0][1]);
  await a.getByRole('button', { name: 'Next' }).click();
  await solve(a, 'moving', SOLUTIONS[1][1]);
  // Kept on the server.
  await a.waitForFunction(async () => {
    const r = await fetch('/api/me/tutorial');
    const j = await r.json();
    return j.done.length === 2;
  });

  // Another browser, logged in: resumes at step 3, steps 1 and 2 done.
  const b = await newPage(browser, DESKTOP);
  await b.goto(`${BASE}/#login`);
  await b.fill(tid('login-name'), name);
  await b.fill(tid('login-password'), PASSWORD);
  await b.click(tid('login-submit'));
  await b.waitForSelector(`body[data-user="${name}"]`);
  await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).click();
  await stepShown(b, 'surrounded');
  assert.equal(await b.textContent(tid('learn-progress')), 'Step 3 of 8');
  assert.equal(await b.locator(`${tid('learn-steps')} a.done`).count(), 2);
  // The home page offers to continue.
  await b.goto(`${BASE}/#`);
  await b.getByRole('link', { name: 'Continue the tutorial (step 3 of 8)' }).waitFor();
  // Back and a chosen step by its address.
  await b.goto(`${BASE}/#learn/jumping`);
  await stepShown(b, 'jumping');
  await b.getByRole('button', { name: 'Back' }).click();
  await stepShown(b, 'stacking');
  // Skipping leaves for the home page, which no longer invites.
  await b.getByRole('button', { name: 'Skip the tutorial' }).click();
  await b.waitForSelector(`${tid('home')}:not([hidden])`);
  assert.equal(await b.isHidden(tid('learn-card')), true);
  noScriptErrors(a);
  noScriptErrors(b);
  await a.context().close();
  await b.context().close();
});

test('the invitation can be dismissed and stays dismissed; the rules page links to the tutorial', async () => {
  const page = await newPage(browser, DESKTOP);
  await page.goto(`${BASE}/#`);
  const card = page.getByRole('region', { name: 'New to DVONN? Learn in 5 minutes' });
  await card.waitFor();
  await card.getByRole('button', { name: 'Not now' }).click();
  await card.waitFor({ state: 'hidden' });
  await page.reload();
  await page.waitForSelector(tid('playnow-button'));
  await page.waitForTimeout(300);
  assert.equal(await page.isHidden(tid('learn-card')), true);
  await page.goto(`${BASE}/rules.html`);
  await page.getByRole('link', { name: 'Rather learn by playing? Try the interactive tutorial.' }).click();
  await stepShown(page, 'placing');
  noScriptErrors(page);
  await page.context().close();
});

test('on a phone: taps, 44 px targets, no sideways scroll, the task and the board on one screen', async () => {
  const page = await newPage(browser, PHONE, TOUCH);
  await page.goto(`${BASE}/#`);
  await page.getByRole('link', { name: 'Start the tutorial' }).tap();
  await stepShown(page, 'placing');
  await noSideScroll(page, 'tutorial on a phone');
  await expectNoAxeViolations(page, 'tutorial on a phone');
  for (const [id, moves] of SOLUTIONS.slice(0, 3)) {
    await page.goto(`${BASE}/#learn/${id}`);
    await stepShown(page, id);
    // The task, the whole board and the feedback line fit the screen.
    const task = await page.locator(tid('learn-task')).boundingBox();
    const board = await page.locator(tid('learn-board')).boundingBox();
    const fb = await page.locator(tid('learn-feedback')).boundingBox();
    assert.ok(task.y >= -1 && board.y + board.height <= PHONE.height + 1, `${id}: ${JSON.stringify({ task, board })}`);
    assert.ok(fb.y + 20 <= PHONE.height, `${id}: the feedback line shows`);
    await solve(page, id, moves, true);
  }
  // The spaces are 44 px taps at least; so are the buttons.
  const hit = await page.locator(`${space('E3')} .hit`).boundingBox();
  assert.ok(hit.width >= 44 && hit.height >= 44, `a space is ${JSON.stringify(hit)}`);
  for (const b of ['learn-hint', 'learn-pass', 'learn-reset', 'learn-back', 'learn-next', 'learn-skip']) {
    const box = await page.locator(tid(b)).boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${b}: ${JSON.stringify(box)}`);
  }
  const dots = await page.locator(`${tid('learn-steps')} a`).all();
  for (const d of dots) {
    const box = await d.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `a step link: ${JSON.stringify(box)}`);
  }
  await noSideScroll(page, 'tutorial on a phone, solved');
  await shot(page, 'tutorial-phone');
  noScriptErrors(page);
  await page.context().close();
});

test('in French, with accessible names: a wrong move explained, a step solved, axe clean', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 }, { locale: 'fr-FR' });
  await page.addInitScript(() => localStorage.setItem('dvonn:lang', 'fr'));
  await page.goto(`${BASE}/#`);
  const card = page.getByRole('region', { name: 'Nouveau à DVONN ? Apprenez en 5 minutes' });
  await card.getByRole('link', { name: 'Commencer le tutoriel' }).click();
  await stepShown(page, 'placing');
  assert.equal(await page.textContent(tid('learn-progress')), 'Étape 1 sur 8');
  assert.equal(await page.textContent(tid('learn-title')), 'Placer les pièces');
  await page
    .getByRole('navigation', { name: 'Étapes du tutoriel' })
    .getByRole('link', { name: "Étape 4 : Empiler sur n'importe quelle couleur" })
    .click();
  await stepShown(page, 'stacking');
  await page.getByRole('button', { name: 'Indice' }).click();
  await page.waitForSelector(`${tid('learn-board')}[data-hint="D3E3"]`);
  await play(page, 'D3D4');
  assert.match(await feedback(page, 'error'), /n'est pas le but de l'étape/);
  await solve(page, 'stacking', ['D3E3']);
  assert.match(await page.textContent(tid('learn-feedback')), /Bravo/);
  await expectNoAxeViolations(page, 'tutorial in French');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await stepShown(page, 'jumping');
  await page.getByRole('button', { name: 'Précédent' }).waitFor();
  noScriptErrors(page);
  await page.context().close();
});
