// Importing a record, one-screen play, and stacks removed by a disconnection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  sq,
  shot,
  state,
  waitState,
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

// A deterministic line from a random setup that ends just before a move
// that cuts stacks off from the Dvonn pieces.
function lineBeforeARemoval(seed) {
  let p = Rules.randomSetup(BigInt(seed));
  const moves = [];
  let x = 12345;
  const rnd = (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  for (let ply = 0; ply < 200; ply++) {
    const legal = Rules.legalMoves(p);
    if (!legal.length) return null;
    const cutting = legal.find((m) => m !== 'PASS' && Object.keys(Rules.applyMove(p, m).removed).length);
    if (cutting && ply >= 6) return { moves, cutting, position: p };
    const m = legal[rnd(legal.length)];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  return null;
}

test('import a record, play on one screen, and see the cut-off stacks leave', async () => {
  let line = null,
    seed = 1;
  for (; !line; seed++) line = lineBeforeARemoval(seed);
  seed--;
  const record = `[Event "e2e"]\n[Setup "random ${seed}"]\n\n${line.moves.join(' ')}\n`;

  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.fill(tid('import-text'), record);
  await page.check(tid('import-local'));
  await page.click(tid('import-submit'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  let st = await waitState(page, () => true);
  assert.equal(st.mode, 'local');
  assert.deepEqual(st.moves, line.moves);
  assert.deepEqual(await moveListTexts(page), line.moves);
  assert.match(await page.textContent(tid('seat')), /both sides/);

  // The history replays from the record's random setup.
  await page.click(tid('hist-first'));
  const start = Rules.randomSetup(BigInt(seed)).stacks;
  for (const s of ['A1', 'E3', 'K5', 'C5', 'I1'])
    assert.equal(await page.getAttribute(sq(s), 'data-stack'), start[s], s);
  await page.click(tid('back-live'));

  // Play the cutting move with clicks; the removed stacks fade out with a note.
  const expectRemoved = Object.keys(Rules.applyMove(line.position, line.cutting).removed).sort();
  st = await clickMove(page, line.cutting);
  assert.deepEqual(Object.keys(st.removed).sort(), expectRemoved);
  for (const s of expectRemoved) {
    assert.equal(await page.getAttribute(sq(s), 'data-stack'), '', `${s} is empty now`);
    assert.ok(await page.getAttribute(sq(s), 'data-removed'), `${s} shows the removed stack`);
    assert.ok(await page.$(`${sq(s)} .stack.ghost`), `${s} has a fading ghost`);
  }
  const note = await page.textContent(tid('removed-note'));
  assert.ok(note.includes(`${expectRemoved.join(', ')} cut off from the Dvonn pieces`), note);
  await page.waitForTimeout(1700);
  await shot(page, '10-removed-stacks');

  // Undo on one screen takes back exactly one move.
  await page.click(tid('undo'));
  st = await waitState(page, new Function('s', `return s.moves.length === ${line.moves.length};`));
  for (const s of expectRemoved) assert.ok((await page.getAttribute(sq(s), 'data-stack')).length > 0, `${s} is back`);

  // Continue from an earlier point against the engine (import with upto).
  await page.click(tid('hist-first'));
  await page.click(tid('hist-next'));
  await page.click(tid('hist-next'));
  await page.click(tid('branch'));
  await page.waitForFunction((old) => location.hash !== old && location.hash.startsWith('#game='), `#game=${st.id}`);
  st = await waitState(page, (s) => s.mode === 'engine');
  assert.deepEqual(st.moves.slice(0, 2), line.moves.slice(0, 2));
  noScriptErrors(page);
});

test('a finished game shows the game-over panel with the final count', async () => {
  // A whole game from a random setup, played out by the rules module.
  let p = Rules.randomSetup(77n);
  const moves = [];
  let x = 99;
  while (Rules.legalMoves(p).length) {
    const legal = Rules.legalMoves(p);
    x = (x * 1103515245 + 12345) % 2147483648;
    const m = legal[x % legal.length];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  const score = Rules.score(p.stacks);
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.fill(tid('import-text'), `[Setup "random 77"]\n\n${moves.join(' ')}\n`);
  await page.click(tid('import-submit'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  const st = await waitState(page, (s) => s.phase === 'over');
  assert.deepEqual(st.score, score);
  assert.equal(st.result, score.white > score.black ? 'white' : score.black > score.white ? 'black' : 'draw');
  await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
  const panel = await page.textContent(tid('game-over'));
  assert.ok(panel.includes(`White ${score.white}, Black ${score.black}`), panel);
  assert.match(panel, st.result === 'draw' ? /Draw/ : new RegExp(`${st.result === 'white' ? 'White' : 'Black'} wins`));
  // How it ended: by the count (the record has no Termination).
  assert.match(await page.textContent(tid('game-end')), /^By the count: White \d+, Black \d+/);
  assert.equal(await page.isVisible(tid('status')), false, 'the result is said once, in the panel');
  assert.equal(await page.getAttribute(tid('board'), 'data-legal'), '');
  // Clicking now explains that the game is over.
  await page.click(sq(Object.keys(p.stacks)[0]));
  assert.match(await page.textContent(tid('message')), /game is over/);
  await shot(page, '12-game-over');
  noScriptErrors(page);
});

test("a malformed record is refused with the server's reason", async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  // A record can also come from a file.
  await page.setInputFiles(tid('import-file'), {
    name: 'bad.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('E3 E3\n'),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="import-text"]').value.trim() === 'E3 E3');
  await page.click(tid('import-submit'));
  await page.waitForFunction(() => document.querySelector('[data-testid="home-message"]').textContent.length > 0);
  assert.match(await page.textContent(tid('home-message')), /could not be created/);
  assert.equal(await page.evaluate(() => location.hash), '');
  noScriptErrors(page);
});
