// Puzzles (#puzzles, docs/ui.md "Puzzles"), in real browsers: a visitor
// solves a puzzle on the board (told right, the line played out), goes on
// to the next one, misses one (told wrong with the refutation), tries
// again and views a solution; the home page shows the puzzle of the day; a
// signed-in player's puzzle rating changes with a first attempt. On a
// phone with touch and in French too, with accessible names; axe on every
// screen.
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
const space = (s) => `${tid('puzzle-board')} [data-square="${s}"]`;

// The answer of a puzzle, asked outside the page (an anonymous give-up:
// unrated, it changes nothing the page shows).
async function answerOf(id) {
  const r = await fetch(`${BASE}/api/puzzles/${id}/attempt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ moves: [] }),
  });
  assert.equal(r.status, 200);
  return r.json();
}

async function shownPuzzle(page, other = '') {
  const handle = await page.waitForFunction((not) => {
    const el = document.querySelector('[data-testid="puzzles"]');
    return el && !el.hidden && el.dataset.puzzle && el.dataset.puzzle !== not && el.dataset.puzzle;
  }, other);
  return handle.jsonValue();
}

async function play(page, move, tap = false) {
  const press = (s) => (tap ? page.tap(space(s)) : page.click(space(s)));
  await press(move.slice(0, 2));
  await press(move.slice(2));
}

async function feedback(page, kind) {
  await page.waitForSelector(`${tid('puzzle-feedback')}[data-kind="${kind}"]`);
  return page.textContent(tid('puzzle-feedback'));
}

test('a visitor solves a puzzle, goes on, misses one, retries and views a solution', async () => {
  const page = await newPage(browser, DESKTOP);
  await page.goto(`${BASE}/#`);
  await page.getByRole('link', { name: 'Puzzles' }).click();
  const first = await shownPuzzle(page);
  assert.match(await page.textContent(tid('puzzle-task')), /(White|Black) to play/);
  assert.match(await page.textContent(tid('puzzle-player')), /Sign in/);
  await expectNoAxeViolations(page, 'puzzle');
  const a = await answerOf(first);
  await play(page, a.solution[0]);
  assert.match(await feedback(page, 'ok'), /Right/);
  assert.match(await page.textContent(tid('puzzle-line')), new RegExp(a.solution[0]));
  await page.waitForSelector(`${tid('puzzles')}[data-line="done"]`);
  await shot(page, 'puzzle-solved');
  await expectNoAxeViolations(page, 'puzzle solved');

  await page.getByRole('button', { name: 'Next puzzle' }).click();
  const second = await shownPuzzle(page, first);
  assert.notEqual(second, first);
  const b = await answerOf(second);
  await play(page, b.wrong);
  assert.match(await feedback(page, 'error'), new RegExp(`${b.wrong}.*${b.solution[0]}`));
  if (b.refutation.length) assert.match(await page.textContent(tid('puzzle-line')), new RegExp(b.refutation[0]));
  await page.getByRole('button', { name: 'Try again' }).click();
  assert.match(await feedback(page, 'note'), /not rated/);
  await play(page, b.solution[0]);
  assert.match(await feedback(page, 'ok'), /Right/);

  await page.getByRole('button', { name: 'Next puzzle' }).click();
  const third = await shownPuzzle(page, second);
  await page.getByRole('button', { name: 'View the solution' }).click();
  const c = await answerOf(third);
  assert.match(await feedback(page, 'note'), new RegExp(c.solution[0]));
  // The address is the puzzle's: a reload shows it again.
  assert.equal(await page.evaluate(() => location.hash), `#puzzles/${third}`);
  noScriptErrors(page);
  await page.close();
});

test('the home page shows the puzzle of the day; a signed-in player’s rating changes', async () => {
  const page = await newPage(browser, DESKTOP);
  await signUp(page, `solver_${stamp}`);
  await page.goto(`${BASE}/#`);
  const card = page.getByRole('region', { name: 'Puzzle of the day' });
  await card.waitFor();
  await expectNoAxeViolations(page, 'home with the daily puzzle');
  await card.getByRole('link', { name: 'Solve the puzzle of the day' }).click();
  const id = await shownPuzzle(page);
  assert.equal(await page.textContent(tid('puzzle-title')), 'Puzzle of the day');
  const daily = await (await fetch(`${BASE}/api/puzzles/daily`)).json();
  assert.equal(id, daily.id);
  assert.match(await page.textContent(tid('puzzle-player')), /Your puzzle rating: 1500/);
  const a = await answerOf(id);
  await play(page, a.solution[0]);
  await feedback(page, 'ok');
  await page.waitForFunction(() =>
    /\(\+\d+\)/.test(document.querySelector('[data-testid="puzzle-player"]').textContent),
  );
  const text = await page.textContent(tid('puzzle-player'));
  const rating = Number(/rating: (\d+)/.exec(text)[1]);
  assert.ok(rating > 1500, text);
  // The server kept it: after a reload the puzzle shows the new rating.
  await page.reload();
  await shownPuzzle(page);
  await page.waitForFunction(
    (r) => document.querySelector('[data-testid="puzzle-player"]').textContent.includes(`: ${r}`),
    rating,
  );
  assert.match(await page.textContent(tid('puzzle-source')), /tried this puzzle before/);
  noScriptErrors(page);
  await page.close();
});

test('on a phone with touch, in French: solve and go on, nothing scrolls sideways', async () => {
  const page = await newPage(browser, PHONE, TOUCH);
  await page.addInitScript(() => localStorage.setItem('dvonn:lang', 'fr'));
  await page.goto(`${BASE}/#puzzles`);
  const id = await shownPuzzle(page);
  assert.match(await page.textContent(tid('puzzle-task')), /(Les Blancs|Les Noirs) jouent/);
  await noSideScroll(page, 'puzzle on a phone');
  await expectNoAxeViolations(page, 'puzzle on a phone in French');
  const a = await answerOf(id);
  await play(page, a.solution[0], true);
  assert.match(await feedback(page, 'ok'), /Bravo/);
  const next = page.getByRole('button', { name: 'Problème suivant' });
  const box = await next.boundingBox();
  assert.ok(box.height >= 44 && box.width >= 44, `the Next button is ${box.width}x${box.height}`);
  await next.tap();
  await shownPuzzle(page, id);
  await shot(page, 'puzzle-phone-fr');
  await noSideScroll(page, 'next puzzle on a phone');
  await page.close();
});
