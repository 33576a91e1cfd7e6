// The analysis board (docs/ui.md "Analysis board") in real browsers: opened
// from a finished game's page at the position shown, moves for both sides
// kept as a tree (a branch, a jump back to a node), the engine's lines
// arriving and deepening over /ws/analysis, the engine switched off, the
// position copied and shared (the link opens the same position in a second
// browser), a bad position string refused; then a phone (touch, 390x844)
// and a run in Spanish by accessible names.
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
// Late in that game: the solver proves White wins by 30.
const SOLVABLE = '4b1(wbwbwb)d1/5wb1w(bwbw)/4(bwb)1wd3/4dww(wbwbw)2/3(bw)ww3 move w';
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

let browser;
let gameId;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const position = (page) => page.getAttribute(tid('analysis'), 'data-position');
const square = (s) => `${tid('analysis-board')} [data-square="${s}"]`;
const depth = (page) =>
  page.evaluate(() => Number(document.querySelector('[data-testid="analysis-depth"]').dataset.depth || 0));

async function waitDepth(page, above, timeout = 60000) {
  await page.waitForFunction(
    (d) => Number(document.querySelector('[data-testid="analysis-depth"]').dataset.depth || 0) > d,
    above,
    { timeout },
  );
  return depth(page);
}

// Plays a move on the analysis board by clicking (a placement: one space).
async function playOnBoard(page, move, how = 'click') {
  const before = await page.getAttribute(tid('analysis'), 'data-node');
  for (const s of move.length === 4 ? [move.slice(0, 2), move.slice(2)] : [move]) await page.locator(square(s))[how]();
  await page.waitForFunction((n) => document.querySelector('[data-testid="analysis"]').dataset.node !== n, before);
}

async function legalMoves(page) {
  return (await page.getAttribute(tid('analysis-board'), 'data-legal')).split(' ').filter(Boolean);
}

test('from a finished game: moves for both sides as a tree, live engine lines, copy and share', async () => {
  const a = await newPage(browser, { width: 1280, height: 800 }, CLIPBOARD);
  await a.goto(`${BASE}/`);
  await a.fill(tid('import-text'), RECORD);
  await a.check(tid('import-local'));
  await a.click(tid('import-submit'));
  await a.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(a, (s) => s.moves.length === MOVES && s.result === 'white');
  gameId = await a.evaluate(() => location.hash.slice('#game='.length));
  // Back to the position after 4 moves, then "Analyse".
  await a.click(tid('hist-first'));
  for (let i = 0; i < 4; i++) await a.click(tid('hist-next'));
  await a.getByRole('button', { name: 'Analyse', exact: true }).click();
  await a.getByRole('heading', { name: 'Analysis board' }).waitFor();
  // The game's moves are the main line, the position shown is after move 4.
  await a.waitForSelector(`${tid('analysis-tree')} .analysis-mainline button[aria-current="true"]`);
  assert.equal(await a.locator(`${tid('analysis-tree')} .analysis-mainline > li > button`).count(), MOVES);
  assert.match(await a.textContent(`${tid('analysis-tree')} button[aria-current="true"]`), /^4\. /);

  // The engine's lines arrive and deepen (2 lines by default).
  const first = await waitDepth(a, 0);
  await waitDepth(a, first);
  assert.equal(await a.locator(`${tid('analysis-lines')} li`).count(), 2);
  assert.match(await a.textContent(`${tid('analysis-line-1')} [data-testid="analysis-score"]`), /^[+−]?\d+\.\d\d$/);

  // A move other than the game's 5th: a branch; then Black's reply in it.
  const gameMove = await a.getAttribute(
    `${tid('analysis-tree')} .analysis-mainline > li:nth-child(5) > button`,
    'data-move',
  );
  const mine = (await legalMoves(a)).find((m) => m !== gameMove && m !== 'PASS');
  await playOnBoard(a, mine);
  const reply = (await legalMoves(a)).find((m) => m !== 'PASS');
  await playOnBoard(a, reply);
  const variation = a.locator(`${tid('analysis-tree')} .analysis-variation`);
  assert.equal(await variation.count(), 1);
  assert.deepEqual(await variation.locator('button').evaluateAll((bs) => bs.map((b) => b.dataset.move)), [mine, reply]);
  assert.match(
    await a.textContent(`${tid('analysis-tree')} button[aria-current="true"]`),
    new RegExp(`^6\\. ${reply}$`),
  );
  const inBranch = await position(a);

  // Back to a node of the main line: its position, and the engine follows.
  await a
    .getByRole('button', { name: /^8\. \S+ \((White|Black)\)$/ })
    .first()
    .click();
  await a.waitForFunction((p) => document.querySelector('[data-testid="analysis"]').dataset.position !== p, inBranch);
  assert.match(await a.textContent(`${tid('analysis-tree')} button[aria-current="true"]`), /^8\. /);
  await waitDepth(a, 0);
  // A line's first move plays it: a new branch from move 8. The lines
  // deepen live, so the move is read and clicked in one step (read first,
  // clicked after, the line could change in between).
  await a.locator(`${tid('analysis-line-1')} .analysis-first`).waitFor();
  const suggested = await a.evaluate(() => {
    const first = document.querySelector('[data-testid="analysis-line-1"] .analysis-first');
    first.click();
    return first.dataset.move;
  });
  await a.waitForFunction(() =>
    /^9\. /.test(document.querySelector('[data-testid="analysis-tree"] button[aria-current="true"]').textContent),
  );
  assert.equal(await a.getAttribute(`${tid('analysis-tree')} button[aria-current="true"]`, 'data-move'), suggested);
  // The branch made earlier is still there.
  assert.ok((await a.locator(`${tid('analysis-tree')} .analysis-variation`).count()) >= 1);
  await a.screenshot({ path: path.join(here, 'screenshots', 'analysis-desktop.png') });
  await expectNoAxeViolations(a, 'analysis board');

  // The engine off: no lines, no thinking.
  const engine = a.getByRole('switch', { name: 'Engine' });
  await engine.click();
  assert.equal(await engine.getAttribute('aria-checked'), 'false');
  assert.equal(await a.locator(`${tid('analysis-lines')} li`).count(), 0);
  assert.equal(await a.textContent(tid('analysis-depth')), 'The engine is off.');

  // Copy the position: confirmed, and it is in the clipboard.
  const here8 = await position(a);
  await a.getByRole('button', { name: 'Copy position' }).click();
  await a.getByText('Position string copied.').waitFor();
  assert.equal(await a.evaluate(() => navigator.clipboard.readText()), here8);
  // Share: a link that opens the same position in another browser.
  await a.getByRole('button', { name: 'Share link' }).click();
  await a.getByText('Link copied: it opens this position.').waitFor();
  const link = await a.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(BASE), link);
  const b = await newPage(browser, { width: 1280, height: 800 });
  await b.goto(link);
  await b.getByRole('heading', { name: 'Analysis board' }).waitFor();
  await b.waitForFunction((p) => document.querySelector('[data-testid="analysis"]').dataset.position === p, here8);
  await waitDepth(b, 0);
  noScriptErrors(b);
  await b.context().close();

  // A bad position string: a clear error, nothing changes.
  await a.getByLabel('Set up a position string').fill('9/10/11/10 place w');
  await a.getByRole('button', { name: 'Set up', exact: true }).click();
  const error = a.getByRole('alert').filter({ hasText: 'That position cannot be set up' });
  await error.waitFor();
  assert.match(await error.textContent(), /five rows/);
  assert.equal(await position(a), here8);
  // A good one replaces the board (and the tree).
  await a.getByLabel('Set up a position string').fill(SOLVABLE);
  await a.getByRole('button', { name: 'Set up', exact: true }).click();
  await a.waitForFunction((p) => document.querySelector('[data-testid="analysis"]').dataset.position === p, SOLVABLE);
  assert.equal(await a.isHidden(tid('analysis-paste-error')), true);
  noScriptErrors(a);
  await a.context().close();
});

test('on a phone: placing by touch, board and engine lines on one screen, big enough taps', async () => {
  const p = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await p.goto(`${BASE}/#analysis`);
  await p.getByRole('heading', { name: 'Analysis board' }).waitFor({ state: 'attached' });
  // The placement phase: three Dvonn pieces, then a black and a white piece.
  for (const s of ['C3', 'E3', 'G3', 'D2', 'F4']) await playOnBoard(p, s, 'tap');
  assert.match(await position(p), / place b$/);
  await waitDepth(p, 0);
  await noSideScroll(p, 'analysis on a phone');
  // The board and the engine's first line are on screen together.
  await p.evaluate(() => window.scrollTo(0, 0));
  const boardBox = await p.locator(tid('analysis-board')).boundingBox();
  const lineBox = await p.locator(tid('analysis-line-1')).boundingBox();
  assert.ok(boardBox.y + boardBox.height <= 844 && lineBox.y + lineBox.height <= 844, 'board and lines fit one screen');
  for (const sel of [
    tid('analysis-engine-switch'),
    `${tid('analysis-line-1')} .analysis-first`,
    `${tid('analysis-tree')} button`,
  ]) {
    const box = await p.locator(sel).first().boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${sel} is ${box.width}x${box.height}`);
  }
  // A line's first move, tapped, is played.
  await p.locator(`${tid('analysis-line-1')} .analysis-first`).tap();
  await p.waitForFunction(() =>
    /^6\. /.test(document.querySelector('[data-testid="analysis-tree"] button[aria-current="true"]').textContent),
  );
  await noSideScroll(p, 'analysis on a phone, after a move');
  await p.screenshot({ path: path.join(here, 'screenshots', 'analysis-phone.png') });
  await expectNoAxeViolations(p, 'analysis board on a phone');
  noScriptErrors(p);
  await p.context().close();
});

test('en español, por nombres accesibles: valores exactos, motor apagado y posición errónea', async () => {
  const e = await newPage(browser, { width: 1280, height: 800 }, { locale: 'es-ES' });
  await e.goto(`${BASE}/#analysis=${encodeURIComponent(SOLVABLE)}`);
  await e.waitForFunction(() => document.documentElement.lang === 'es');
  await e.getByRole('heading', { name: 'Tablero de análisis' }).waitFor();
  await e.getByRole('link', { name: 'Análisis' }).waitFor();
  // Solved: exact values, marked "=".
  await e.waitForFunction(() => /^Resuelto/.test(document.querySelector('[data-testid="analysis-depth"]').textContent));
  assert.equal(await e.textContent(`${tid('analysis-line-1')} [data-testid="analysis-score"]`), '=+30');
  await e.getByRole('button', { name: /^Jugar F2G2/ }).click();
  await e.waitForFunction(() =>
    /^1\. F2G2$/.test(document.querySelector('[data-testid="analysis-tree"] button[aria-current="true"]').textContent),
  );
  const motor = e.getByRole('switch', { name: 'Motor' });
  await motor.click();
  assert.equal(await motor.getAttribute('aria-checked'), 'false');
  assert.equal(await e.textContent(tid('analysis-depth')), 'El motor está desactivado.');
  const before = await position(e);
  await e.getByLabel('Colocar una posición (texto)').fill('9/10/11/10/9 move w');
  await e.getByRole('button', { name: 'Colocar', exact: true }).click();
  const error = e.getByRole('alert').filter({ hasText: 'No se puede colocar esa posición' });
  await error.waitFor();
  assert.match(await error.textContent(), /tres piezas Dvonn/);
  assert.equal(await position(e), before);
  await e.getByRole('button', { name: 'Borrar desde aquí' }).click();
  await e.waitForFunction((p) => document.querySelector('[data-testid="analysis"]').dataset.position === p, SOLVABLE);
  await expectNoAxeViolations(e, 'analysis board in Spanish');
  noScriptErrors(e);
  await e.context().close();
});

test('from the archive: the last position of the game, its moves the main line', async () => {
  assert.ok(gameId, 'the first test made the game');
  const p = await newPage(browser, { width: 1280, height: 800 });
  await p.goto(`${BASE}/#archive`);
  const item = p.locator(`${tid('archive-list')} [data-id="${gameId}"]`);
  await item.getByRole('link', { name: 'Analyse' }).click();
  await p.getByRole('heading', { name: 'Analysis board' }).waitFor();
  await p.waitForSelector(`${tid('analysis-tree')} button[aria-current="true"]`);
  assert.match(await p.textContent(`${tid('analysis-tree')} button[aria-current="true"]`), new RegExp(`^${MOVES}\\. `));
  assert.equal(await p.textContent(tid('analysis-turn')), 'Game over: White 24, Black 6 pieces');
  assert.equal(await p.textContent(tid('analysis-depth')), 'The game is over here: nothing to analyse.');
  // One move back: the engine has something to say again.
  await p.getByRole('button', { name: 'Previous move' }).click();
  await waitDepth(p, 0);
  noScriptErrors(p);
  await p.context().close();
});
