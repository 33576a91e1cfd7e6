// Games against the engine, played with clicks in a real browser.
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
import * as Rules from '../../web/js/rules.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('home page offers the game modes and links the rules page', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  for (const id of [
    'mode-engine',
    'mode-online',
    'mode-local',
    'level',
    'random-setup',
    'start',
    'import-text',
    'import-submit',
  ]) {
    assert.equal(await page.isVisible(tid(id)), true, `${id} is visible`);
  }
  await shot(page, '01-home');
  const res = await page.request.get(`${BASE}/rules.html`);
  assert.equal(res.status(), 200);
  assert.match(await res.text(), /Dvonn piece/i);
  assert.equal(await page.getAttribute(tid('rules-link'), 'href'), 'rules.html');
  await page.goto(`${BASE}/rules.html`);
  assert.match(await page.textContent('h1'), /How to play DVONN/);
  await shot(page, '00-rules');
  noScriptErrors(page);
});

test('standard game against the engine: placement by clicks, refusals, undo and hint', async () => {
  const page = await newPage(browser);
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  let st = await state(page);
  assert.equal(st.phase, 'placement');
  assert.equal(st.mode, 'engine');
  await waitMyTurn(page);
  assert.match(await page.textContent(tid('status')), /Your turn: place a Dvonn piece/);
  assert.equal(await page.textContent(tid('left-white')), '25 to place');
  assert.equal(await page.$$eval(`${tid('board')} [data-square]`, (e) => e.length), 49);

  // Place the first Dvonn piece on E3 by clicking; the engine answers.
  st = await clickMove(page, 'E3');
  assert.equal(st.stacks.E3, 'd');
  st = await waitState(page, (s) => s.moves.length === 2);
  await waitMyTurn(page);
  assert.equal(await page.getAttribute(sq('E3'), 'data-stack'), 'd');
  assert.deepEqual(await moveListTexts(page), st.moves);
  assert.match(await page.textContent(tid('phase')), /2 of 49 placed/);

  // Clicking an occupied space explains itself and changes nothing.
  await page.click(sq('E3'));
  assert.match(await page.textContent(tid('message')), /E3 is already occupied/);
  assert.equal((await state(page)).version, st.version);

  // Two more placements, so a white piece is on the board.
  const free = (await legal(page)).filter((m) => m !== 'E3');
  await clickMove(page, free[0]);
  st = await waitState(page, (s) => s.moves.length === 4);
  await waitMyTurn(page);
  await clickMove(page, (await legal(page))[0]);
  st = await waitState(page, (s) => s.moves.length === 6);
  await waitMyTurn(page);
  await shot(page, '02-engine-placement');

  // Undo takes back the person's move and the engine's reply.
  await page.click(tid('undo'));
  st = await waitState(page, (s) => s.moves.length === 4);
  assert.equal((await moveListTexts(page)).length, 4);

  // A hint highlights a legal move.
  await waitMyTurn(page);
  await page.click(tid('hint'));
  await page.waitForSelector(`${tid('message')}[data-hint]`);
  const hint = await page.getAttribute(tid('message'), 'data-hint');
  assert.ok((await legal(page)).includes(hint), `hint ${hint} is legal`);
  await page.waitForSelector(`${sq(hint)}.hint`);
  noScriptErrors(page);
});

test('random setup against the engine: select a stack, targets light up, move, history', async () => {
  const page = await newPage(browser);
  await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 42 });
  let st = await state(page);
  assert.equal(st.phase, 'movement');
  // The board shows the seeded setup: the same as the rules module computes.
  const expected = Rules.randomSetup(42n).stacks;
  for (const s of Rules.SPACES) assert.equal(await page.getAttribute(sq(s), 'data-stack'), expected[s], s);
  await waitMyTurn(page);

  // Refusals explain themselves.
  const surrounded = Rules.SPACES.find(
    (s) => st.stacks[s] && st.stacks[s].endsWith('w') && Rules.isSurrounded(st.stacks, s),
  );
  await page.click(sq(surrounded));
  assert.match(await page.textContent(tid('message')), /surrounded and cannot move/);
  const blackStack = Rules.SPACES.find((s) => st.stacks[s] === 'b');
  await page.click(sq(blackStack));
  assert.match(await page.textContent(tid('message')), /Not your stack/);
  const lone = Rules.SPACES.find((s) => st.stacks[s] === 'd');
  await page.click(sq(lone));
  assert.match(await page.textContent(tid('message')), /lone Dvonn piece never moves/);

  // Select a movable stack: exactly its legal targets light up.
  const move = st.legal.find((m) => m.length === 4);
  const from = move.slice(0, 2);
  await page.click(sq(from));
  const targets = await page.$$eval(`${tid('board')} .space.target`, (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(
    targets,
    st.legal
      .filter((m) => m.startsWith(from))
      .map((m) => m.slice(2))
      .sort(),
  );
  assert.equal(await page.$$eval(`${tid('board')} .space.selected`, (e) => e.length), 1);
  await shot(page, '03-engine-selected');
  // Hovering shows the colours inside the stack.
  await page.hover(sq(from));
  await page.waitForSelector(`${tid('stack-tooltip')}:not([hidden])`);
  assert.equal(await page.getAttribute(tid('stack-tooltip'), 'data-colours'), st.stacks[from]);

  await page.click(sq(move.slice(2)));
  st = await waitState(page, (s) => s.moves.length >= 1);
  assert.equal(st.moves[0], move);
  assert.equal(st.stacks[move.slice(2)].length, 2);
  assert.equal(await page.getAttribute(sq(move.slice(2)), 'data-stack'), st.stacks[move.slice(2)]);
  // The engine (level 1) may reply between reading the state and reading
  // the board: wait until the mark sits on whichever move is latest.
  const lastMarked = async (s) => !!(await page.$(`${sq(s.moves[s.moves.length - 1].slice(2))}.last`));
  await waitState(page, lastMarked, 5000);

  // The engine replies; then a move typed in notation.
  st = await waitState(page, (s) => s.moves.length === 2);
  await waitMyTurn(page);
  const typed = st.legal[st.legal.length - 1];
  await page.fill(tid('move-input'), `${typed.slice(0, 2).toLowerCase()}-${typed.slice(2).toLowerCase()}`);
  await page.click(tid('move-submit'));
  st = await waitState(page, (s) => s.moves.length >= 3);
  assert.equal(st.moves[2], typed);
  st = await waitState(page, (s) => s.moves.length === 4);
  await waitMyTurn(page);

  // Typed nonsense is explained, not sent.
  await page.fill(tid('move-input'), 'Z9');
  await page.click(tid('move-submit'));
  assert.match(await page.textContent(tid('message')), /not a move/);

  // History: back to the start shows the setup, and the live game is unchanged.
  await page.click(tid('hist-first'));
  await page.waitForSelector(`${tid('history-banner')}:not([hidden])`);
  assert.equal(await page.getAttribute(sq(from), 'data-stack'), expected[from]);
  assert.match(await page.textContent(tid('history-label')), /after move 0 of 4/);
  await page.click(sq(from));
  assert.match(await page.textContent(tid('message')), /looking back/);
  await page.click(tid('hist-next'));
  assert.equal(await page.getAttribute(sq(from), 'data-stack'), '');
  await shot(page, '04-history');
  await page.click(tid('back-live'));
  await page.waitForSelector(`${tid('history-banner')}[hidden]`, { state: 'attached' });
  assert.equal((await state(page)).moves.length, 4);

  // Export: the record holds the moves.
  const href = await page.getAttribute(tid('export'), 'href');
  const rec = await (await page.request.get(new URL(href, BASE).toString())).text();
  const parsed = Rules.parseRecord(rec);
  assert.deepEqual(parsed.moves, st.moves);
  noScriptErrors(page);
});

test('flip board turns the view around', async () => {
  const page = await newPage(browser);
  await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 3 });
  const a1 = await page.locator(sq('A1')).boundingBox();
  const k5 = await page.locator(sq('K5')).boundingBox();
  assert.ok(a1.y > k5.y && a1.x < k5.x, 'White at the bottom: A1 lower left');
  await page.click(tid('flip'));
  const a1f = await page.locator(sq('A1')).boundingBox();
  const k5f = await page.locator(sq('K5')).boundingBox();
  assert.ok(a1f.y < k5f.y && a1f.x > k5f.x, 'flipped: A1 upper right');
  noScriptErrors(page);
});

test('phone-sized screen shows the board and the panel', async () => {
  const page = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await startGame(page, { mode: 'engine', level: 1, color: 'black', random: true, seed: 11 });
  await waitMyTurn(page);
  // A tap on a stack shows its colours.
  const st = await state(page);
  const tall = Object.keys(st.stacks).find((s) => st.stacks[s].length > 1);
  await page.tap(sq(tall));
  await page.waitForSelector(`${tid('stack-tooltip')}:not([hidden])`);
  assert.equal(await page.getAttribute(tid('stack-tooltip'), 'data-colours'), st.stacks[tall]);
  assert.equal(await page.$$eval(`${tid('stack-tooltip')} .chip`, (e) => e.length), st.stacks[tall].length);
  const box = await page.locator(tid('board')).boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `board fits the width (${box.width})`);
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollW <= 390, `no sideways scrolling (${scrollW})`);
  assert.equal(await page.getAttribute(tid('board'), 'data-flipped'), 'true', 'Black sees the board from its side');
  await shot(page, '05-phone');
  noScriptErrors(page);
});
