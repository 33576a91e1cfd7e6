// Game review (docs/ui.md "Game review") in real browsers: a finished game
// (a record imported on the home page, replayed to its end) is reviewed at
// one browser's request with a progress bar, then the chart, the marks in
// the move list, the best line at the position shown and the summary; a
// second browser opening the same game gets the stored review at once,
// without asking for it. Then a phone (touch, 390x844) and a run in French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  waitState,
  noScriptErrors,
  expectNoAxeViolations,
  noSideScroll,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RECORD = fs.readFileSync(path.join(here, '..', 'data', 'review-game.txt'), 'utf8');
const MOVES = 31;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Imports the finished record on the home page ("replay and study"): the
// game opens over. Returns its id.
async function importFinished(page) {
  await page.goto(`${BASE}/`);
  await page.fill(tid('import-text'), RECORD);
  await page.check(tid('import-local'));
  await page.click(tid('import-submit'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(page, (s) => s.moves.length === MOVES && s.result === 'white');
  return page.evaluate(() => location.hash.slice('#game='.length));
}

let gameId;

test('one browser asks for a review; the next one gets the stored review at once', async () => {
  const a = await newPage(browser, { width: 1280, height: 800 });
  gameId = await importFinished(a);
  const review = a.getByRole('region', { name: 'Engine review' });
  await review.waitFor();
  const ask = a.getByRole('button', { name: 'Review the game' });
  await ask.click();
  // The progress bar (or, on a fast machine, already the result).
  await a.waitForSelector(`${tid('review-waiting')}:not([hidden]), ${tid('review-result')}:not([hidden])`);
  await a.waitForSelector(`${tid('review-result')}:not([hidden])`, { timeout: 120000 });
  assert.equal(await a.isHidden(tid('review-request')), true);
  // The chart: the scale labelled, exact values marked (the end at least).
  const chart = a.getByRole('img', { name: /chance to win/ });
  await chart.waitFor();
  assert.ok((await a.locator(`${tid('review-chart')} text`).allTextContents()).includes('100%'));
  assert.ok((await a.locator(`${tid('review-chart')} circle.exact`).count()) >= 1);
  // The summary: a row per player with an accuracy.
  for (const side of ['white', 'black'])
    assert.match(await a.textContent(tid(`review-accuracy-${side}`)), /^\d+(\.\d)?%$/);
  // Every move in the list is marked with its class.
  assert.equal(await a.locator(`${tid('move-list')} .mv[data-review]`).count(), MOVES);
  assert.ok((await a.locator(`${tid('move-list')} .mv[data-review="forced"]`).count()) >= 4);
  // A move in the list: its position, what the engine says of it, the best
  // line there, and its first move drawn on the board.
  await a.locator(`${tid('move-list')} .mv[data-ply="3"]`).click();
  await a.waitForFunction(() => /\b3\b/.test(document.querySelector('[data-testid="review-here"]').textContent));
  assert.match(await a.textContent(tid('review-line')), /^Engine's best line: [A-K]\d[A-K]\d/);
  const best = await a.getAttribute(tid('board'), 'data-review-best');
  assert.match(best, /^[A-K]\d[A-K]\d$/);
  assert.equal(await a.locator(`${tid('board')} .review-arrow`).count(), 1);
  // Clicking the chart near its start goes to an early position.
  const box = await a.locator(tid('review-chart')).boundingBox();
  await a.mouse.click(box.x + box.width * 0.08, box.y + box.height / 2);
  await a.waitForFunction(
    () =>
      Number(document.querySelector('[data-testid="history-slider"]').value) <= 3 &&
      !document.querySelector('[data-testid="history-banner"]').hidden,
  );
  await shot(a, 'review-desktop');
  await expectNoAxeViolations(a, 'game review');
  noScriptErrors(a);

  // A second browser opens the same game: the review is there without
  // asking (no POST), the button is not offered.
  const b = await newPage(browser, { width: 1280, height: 800 });
  const posts = [];
  b.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/review')) posts.push(r.url());
  });
  await b.goto(`${BASE}/#game=${gameId}`);
  await b.waitForSelector(`${tid('review-result')}:not([hidden])`, { timeout: 5000 });
  assert.equal(await b.isHidden(tid('review-request')), true);
  assert.equal(await b.textContent(tid('review-accuracy-white')), await a.textContent(tid('review-accuracy-white')));
  assert.deepEqual(posts, []);
  noScriptErrors(b);
  await a.context().close();
  await b.context().close();
});

test('on a phone: the review button is big enough, nothing scrolls sideways, the chart answers a tap', async () => {
  const p = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await importFinished(p);
  const ask = p.getByRole('button', { name: 'Review the game' });
  await ask.scrollIntoViewIfNeeded();
  const size = await ask.boundingBox();
  assert.ok(size.height >= 44, `the review button is ${size.height} px high`);
  await ask.tap();
  await p.waitForSelector(`${tid('review-result')}:not([hidden])`, { timeout: 120000 });
  await noSideScroll(p, 'review on a phone');
  const chart = p.locator(tid('review-chart'));
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the chart fits the screen');
  await p.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height / 2);
  await p.waitForSelector(`${tid('history-banner')}:not([hidden])`);
  await noSideScroll(p, 'review on a phone, looking back');
  await shot(p, 'review-phone');
  await expectNoAxeViolations(p, 'game review on a phone');
  noScriptErrors(p);
  await p.context().close();
});

test('in French, the stored review speaks French', async () => {
  assert.ok(gameId, 'the first test made the game');
  const f = await newPage(browser, { width: 1280, height: 800 }, { locale: 'fr-FR' });
  await f.goto(`${BASE}/#game=${gameId}`);
  await f.waitForFunction(() => document.documentElement.lang === 'fr');
  await f.getByRole('region', { name: 'Analyse du moteur' }).waitFor();
  await f.waitForSelector(`${tid('review-result')}:not([hidden])`, { timeout: 5000 });
  assert.equal(await f.textContent(`${tid('review-summary')} caption`), 'Résumé');
  assert.match(await f.textContent(tid('review-line')), /^(Meilleure suite du moteur|La partie est terminée ici)/);
  assert.ok(await f.getByRole('img', { name: /Chances de gain des Blancs/ }).isVisible());
  await expectNoAxeViolations(f, 'game review in French');
  noScriptErrors(f);
  await f.context().close();
});
