// The game view on every move: passes (pressed, or played by the engine or
// the server), the move list's numbering by colour, how a game ended, and
// no state left over from the previous game.
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
  waitMyTurn,
  clickMove,
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

// White to move has no stack move (only PASS); Black has several.
const WHITE_MUST_PASS = '7(dwwbwww)1/8(wwb)b/4b1(wb)(dwbw)3/4(dbwwwb)(wbbbw)4/9 move w';
// White to move; after H5H2 Black has no stack move and must pass, then
// White moves again.
const BLACK_PASSES_AFTER = '3(bbbwb)2(bbw)2/2(bdb)(wbwbww)3b2/7d3/6w3/1(dwbwwb)3(bbw)3 move w';
const WHITE_MOVE = 'H5H2';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Imports a record from the home page; returns the new game's state.
async function importGame(page, record, { engine = false, color = 'white' } = {}) {
  await page.goto(`${BASE}/`);
  await page.getByRole('textbox', { name: /Paste a record/ }).fill(record);
  if (engine) {
    await page.getByRole('radio', { name: 'Continue against the engine' }).check();
    await page.getByRole('combobox', { name: 'You play' }).selectOption(color);
  } else {
    await page.getByRole('radio', { name: 'Replay and study it on this screen' }).check();
  }
  await page.getByRole('button', { name: 'Import' }).click();
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  return waitState(page, () => true);
}

const moveList = (page) => page.getByRole('list', { name: 'Moves in standard notation' });

// The moves in the list as {text, side, ply, title}, in order.
async function listedMoves(page) {
  return moveList(page)
    .getByRole('button')
    .evaluateAll((els) =>
      els.map((e) => ({
        text: e.textContent,
        side: e.dataset.side,
        ply: Number(e.dataset.ply),
        title: e.title,
      })),
    );
}

// The list's rows as [number, white move or null, black move or null].
async function listedRows(page) {
  return page.$$eval(`${tid('move-list')} li:not(.phase-note)`, (lis) =>
    lis.map((li) => {
      const cell = (side) => {
        const b = li.querySelector(`.mv[data-side="${side}"]`);
        return b ? b.textContent : null;
      };
      return [li.querySelector('.num').textContent, cell('white'), cell('black')];
    }),
  );
}

async function noRefusal(page) {
  const msg = await page.getByTestId('message').textContent();
  assert.doesNotMatch(msg, /Refused|not a function|iterable/, `message: ${msg}`);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`pressing Pass (${label}): PASS under White, the counter moves on, then Black plays`, async () => {
    const start = Rules.parsePositionString(WHITE_MUST_PASS);
    assert.deepEqual(Rules.legalMoves(start), ['PASS'], 'the position forces White to pass');

    const page = await newPage(browser, viewport);
    let st = await importGame(page, `[Position "${WHITE_MUST_PASS}"]\n\n`);
    assert.equal(st.mode, 'local');
    assert.deepEqual(st.legal, ['PASS']);
    await waitMyTurn(page);
    assert.match(await page.getByTestId('status').textContent(), /pass/);
    assert.match(await page.getByTestId('history-label').textContent(), /no moves yet/);

    const pass = page.getByRole('button', { name: 'Pass', exact: true });
    await pass.click();
    st = await waitState(page, (s) => s.moves.length === 1);
    assert.deepEqual(st.moves, ['PASS']);
    assert.equal(st.to_move, 'black');
    await pass.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-label"]').textContent === 'Live: move 1',
    );
    const listed = await listedMoves(page);
    assert.deepEqual(
      listed.map((m) => [m.text, m.side, m.ply]),
      [['PASS', 'white', 1]],
    );
    assert.match(listed[0].title, /^White's move 1/);
    assert.deepEqual(await listedRows(page), [['1.', 'PASS', null]]);
    assert.match(await page.getByTestId('status').textContent(), /Black to move a black stack/);
    await noRefusal(page);

    // The view goes on: Black moves, and it shows next to the pass.
    const blackMove = Rules.legalMoves(Rules.applyMove(start, 'PASS').position)[0];
    st = await clickMove(page, blackMove);
    assert.deepEqual(st.moves, ['PASS', blackMove]);
    assert.deepEqual(await listedRows(page), [['1.', 'PASS', blackMove]]);
    assert.equal(await page.getByTestId('history-label').textContent(), 'Live: move 2');
    // Looking back across the pass works too.
    await page.getByRole('button', { name: 'Previous move' }).click();
    assert.match(await page.getByTestId('history-label').textContent(), /after move 1 of 2 \(PASS\)/);
    await page.getByRole('button', { name: 'Back to live' }).click();
    await noRefusal(page);
    await shot(page, `30-pass-${label}`);
    noScriptErrors(page);
    await page.context().close();
  });
}

test('a pass the engine plays shows under Black, without errors', async () => {
  const page = await newPage(browser, DESKTOP);
  let st = await importGame(page, `[Position "${BLACK_PASSES_AFTER}"]\n\n`, { engine: true, color: 'white' });
  assert.equal(st.mode, 'engine');
  await waitMyTurn(page);
  await clickMove(page, WHITE_MOVE);
  st = await waitState(page, (s) => s.moves.length === 2);
  assert.deepEqual(st.moves, [WHITE_MOVE, 'PASS']);
  await waitMyTurn(page);
  assert.deepEqual(await listedRows(page), [['1.', WHITE_MOVE, 'PASS']]);
  const listed = await listedMoves(page);
  assert.match(listed[1].title, /^Black's move 2/);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="history-label"]').textContent === 'Live: move 2',
  );
  await noRefusal(page);
  noScriptErrors(page);
  await page.context().close();
});

test('in a timed game the server plays a forced pass itself; both players see it', async () => {
  // An online game with a real-time clock, starting from the position.
  const res = await fetch(`${BASE}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'online',
      color: 'white',
      record: `[Position "${BLACK_PASSES_AFTER}"]\n`,
      clock: { type: 'realtime', initial: 120, increment: 0 },
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const white = await newPage(browser, DESKTOP);
  const black = await newPage(browser, PHONE);
  // White's seat token, where the page keeps it.
  await white.goto(`${BASE}/`);
  await white.evaluate(
    ({ id, token }) =>
      localStorage.setItem(
        `dvonn:game:${id}`,
        JSON.stringify({ seat: 'white', token, mode: 'online', saved: Date.now() }),
      ),
    created,
  );
  await white.goto(`${BASE}/#game=${created.id}`);
  await white.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
  await black.goto(`${BASE}/#game=${created.id}`);
  await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(white, (s) => s.started !== false && s.clock && s.clock.running === 'white');
  await waitMyTurn(white);

  await clickMove(white, WHITE_MOVE);
  for (const page of [white, black]) {
    const st = await waitState(page, (s) => s.moves.length === 2);
    assert.deepEqual(st.moves, [WHITE_MOVE, 'PASS']);
    assert.equal(st.to_move, 'white');
    assert.deepEqual(await listedRows(page), [['1.', WHITE_MOVE, 'PASS']]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-label"]').textContent === 'Live: move 2',
    );
    await noRefusal(page);
  }
  await waitMyTurn(white);
  assert.match(await white.getByTestId('status').textContent(), /Your turn/);
  // The game goes on: White's next move lands in row 2.
  const next = (await state(white)).legal[0];
  await clickMove(white, next);
  // Black may have to pass again; the server plays that too.
  let p = Rules.parsePositionString(BLACK_PASSES_AFTER);
  for (const m of [WHITE_MOVE, 'PASS', next]) p = Rules.applyMove(p, m).position;
  const reply = Rules.legalMoves(p).length === 1 && Rules.legalMoves(p)[0] === 'PASS' ? 'PASS' : null;
  await waitState(black, new Function('s', `return s.moves.length === ${reply ? 4 : 3};`));
  assert.deepEqual(await listedRows(black), [
    ['1.', WHITE_MOVE, 'PASS'],
    ['2.', next, reply],
  ]);
  for (const page of [white, black]) noScriptErrors(page);
  await white.context().close();
  await black.context().close();
});

test('the move list numbers by colour: White places the 49th piece and moves first; the record agrees', async () => {
  // 49 placements in a fixed order, then three stack moves.
  let p = Rules.emptyPosition();
  const moves = [];
  for (let i = 0; i < 49; i++) {
    const free = Rules.legalMoves(p);
    const m = free[(i * 17) % free.length];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  for (let i = 0; i < 3; i++) {
    const m = Rules.legalMoves(p)[0];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  const page = await newPage(browser, DESKTOP);
  const st = await importGame(page, moves.join(' '));
  assert.deepEqual(st.moves, moves);

  const rows = await listedRows(page);
  assert.equal(rows.length, 27);
  assert.deepEqual(rows[23], ['24.', moves[46], moves[47]]);
  assert.deepEqual(rows[24], ['25.', moves[48], null], "White's last placement stands alone");
  assert.deepEqual(rows[25], ['26.', moves[49], moves[50]], "White's first stack move starts row 26");
  assert.deepEqual(rows[26], ['27.', moves[51], null]);
  // Every move sits under the colour that played it, as its title says.
  const listed = await listedMoves(page);
  assert.equal(listed.length, 52);
  const sides = Rules.moversOf(Rules.emptyPosition(), moves);
  for (const m of listed) {
    const side = sides[m.ply - 1];
    assert.equal(m.side, side, `move ${m.ply}`);
    assert.ok(m.title.startsWith(`${side === 'white' ? 'White' : 'Black'}'s move ${m.ply}:`), m.title);
  }
  assert.equal(listed[49].side, 'white');
  assert.match(listed[49].title, /^White's move 50/);
  // The empty cell after White's last placement says why.
  const gap = page.locator(`${tid('move-list')} .gap`);
  assert.equal(await gap.count(), 1);
  assert.match(await gap.getAttribute('title'), /White placed the last piece/);
  assert.match(
    await page.locator(`${tid('move-list')} .phase-note`).textContent(),
    /White placed the last piece and moves first/,
  );

  // The downloaded record numbers the same way.
  const record = await (await page.request.get(`${BASE}/api/games/${st.id}/record`)).text();
  assert.ok(
    record.includes(`24. ${moves[46]} ${moves[47]} 25. ${moves[48]} 26. ${moves[49]} ${moves[50]} 27. ${moves[51]} *`),
    record,
  );
  await page.locator(tid('move-list')).scrollIntoViewIfNeeded();
  await shot(page, '31-move-list-numbering');
  noScriptErrors(page);
  await page.context().close();
});

test('a resignation says so, shows no count, clears the old error and disables Undo', async () => {
  const page = await newPage(browser, DESKTOP);
  await importGame(page, 'C5 H2 C1 E3', { engine: true, color: 'white' });
  await waitMyTurn(page);
  // An error message from before the end.
  await page.getByRole('textbox', { name: 'Type a move' }).fill('Z9');
  await page.getByRole('button', { name: 'Play' }).click();
  assert.equal(await page.getByTestId('message').getAttribute('data-kind'), 'error');
  assert.notEqual(await page.getByTestId('message').textContent(), '');

  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  const st = await waitState(page, (s) => s.result === 'black' && s.end === 'resignation');
  await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
  assert.equal(await page.getByTestId('result').textContent(), 'Black wins');
  assert.equal(await page.getByTestId('game-end').textContent(), 'White resigned.');
  const detail = await page.locator(`${tid('game-over')} .detail`).textContent();
  assert.equal(detail, 'You lost.');
  // Said once, in the panel: no "Game over" in the status or phase lines.
  assert.equal(await page.getByTestId('status').isVisible(), false);
  assert.equal(await page.getByTestId('phase').isVisible(), false);
  assert.doesNotMatch(
    await page.getByTestId('game-over').textContent(),
    new RegExp(`${st.score.white}–${st.score.black}`),
  );
  assert.equal(await page.getByTestId('message').textContent(), '', 'the old error is gone');
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), true);
  await shot(page, '32-resigned');
  noScriptErrors(page);
  await page.context().close();
});

test('a move typed but not played does not carry into the next game', async () => {
  const page = await newPage(browser, DESKTOP);
  await importGame(page, 'C5 H2', { engine: false });
  const box = page.getByRole('textbox', { name: 'Type a move' });
  await box.fill('A1B2');
  // A new game from the home page.
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.waitForFunction(() => location.hash === '' || location.hash === '#');
  await page.getByTestId('start').click();
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(page, (s) => s.moves.length <= 1);
  assert.equal(await box.inputValue(), '');
  noScriptErrors(page);
  await page.context().close();
});
