// The game view at desktop (1280x800) and phone (390x844, touch) sizes:
// nothing covers the board's targets, the phone board stands upright and is
// big enough to tap, nothing scrolls sideways, the player rows fit every
// clock and name in every language.
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
  startGame,
  waitMyTurn,
  legal,
  clickMove,
  noScriptErrors,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SIZES = [
  ['desktop', DESKTOP, {}],
  ['phone', PHONE, { hasTouch: true, isMobile: true }],
];
const stamp = Date.now().toString(36).slice(-5);

// Rectangles overlap (by more than a rounding pixel)?
const overlap = (a, b) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

// Every target ring is what a tap at its centre hits: nothing lies on top.
async function targetsUncovered(page) {
  return page.$$eval(`${tid('board')} .space.target`, (els) =>
    els.map((g) => {
      const r = g.querySelector('.target-ring').getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { sq: g.dataset.square, ok: !!hit && g.contains(hit) };
    }),
  );
}

for (const [label, viewport, opts] of SIZES) {
  test(`the stack's pieces show beside the board, never over its targets (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 5 });
    await waitMyTurn(page);
    const st = await state(page);
    // A stack that can move, and one of its targets.
    const move = st.legal.find((m) => m.length === 4);
    const from = move.slice(0, 2);
    if (opts.hasTouch) await page.tap(sq(from));
    else await page.click(sq(from));
    await page.waitForSelector(`${sq(move.slice(2))}.target`);
    // Pointing at the selected stack and then at a target shows each one.
    for (const s of [from, move.slice(2)]) {
      if (opts.hasTouch && s !== from) {
        // A tap on a target plays it; on a phone, a tap shows the stack just
        // tapped (the selected one, above): check it and the targets.
        continue;
      }
      await page.hover(sq(s));
      const info = page.getByTestId('stack-tooltip');
      await page.waitForFunction(
        (x) => document.querySelector('[data-testid="stack-tooltip"]').dataset.square === x,
        s,
      );
      assert.equal(await info.isVisible(), true);
      assert.equal(await info.getAttribute('data-colours'), st.stacks[s]);
      assert.equal(await page.locator(`${tid('stack-tooltip')} .chip`).count(), st.stacks[s].length);
      const infoBox = await info.boundingBox();
      const boardBox = await page.getByTestId('board').boundingBox();
      assert.ok(
        !overlap(infoBox, boardBox),
        `the stack's pieces lie outside the board (${JSON.stringify(infoBox)} vs ${JSON.stringify(boardBox)})`,
      );
      const uncovered = await targetsUncovered(page);
      assert.ok(uncovered.length > 0);
      assert.deepEqual(
        uncovered.filter((u) => !u.ok),
        [],
        'every target can be hit',
      );
      // Inside the visible page.
      assert.ok(infoBox.x >= 0 && infoBox.x + infoBox.width <= viewport.width);
    }
    await shot(page, `40-stack-info-${label}`);
    // The target is still playable.
    if (opts.hasTouch) await page.tap(sq(move.slice(2)));
    else await page.click(sq(move.slice(2)));
    await waitState(page, (s) => s.moves.length >= 1);
    noScriptErrors(page);
    await page.context().close();
  });
}

test('on a phone the board stands upright, fills the screen and has big tap targets', async () => {
  const page = await newPage(browser, PHONE, { hasTouch: true, isMobile: true });
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  await waitMyTurn(page);
  assert.equal(await page.getAttribute(tid('board'), 'data-rotated'), 'true');
  const drawing = await page.locator(`${tid('board')} .board-bg`).boundingBox();
  assert.ok(
    drawing.width * drawing.height >= 120000,
    `the board's drawing covers ${Math.round(drawing.width * drawing.height)} px²`,
  );
  assert.ok(drawing.height > drawing.width, 'upright');
  assert.ok(drawing.x >= 0 && drawing.x + drawing.width <= PHONE.width, 'within the width');
  // Column A at the top, row 1 on the left (White's side).
  const a1 = await page.locator(sq('A1')).boundingBox();
  const k5 = await page.locator(sq('K5')).boundingBox();
  assert.ok(a1.y < k5.y && a1.x < k5.x, 'A1 upper left, K5 lower right');
  // Every space is at least 44 px across, and neighbours are as far apart.
  const hits = await page.$$eval(`${tid('board')} .space .hit`, (els) =>
    els.map((e) => e.getBoundingClientRect().width),
  );
  assert.equal(hits.length, 49);
  assert.ok(Math.min(...hits) >= 44, `tap targets ${Math.min(...hits)} px`);
  const e3 = await page.locator(sq('E3')).boundingBox(),
    e4 = await page.locator(sq('E4')).boundingBox();
  assert.ok(Math.hypot(e3.x - e4.x, e3.y - e4.y) >= 44, 'neighbours 44 px apart');
  // Zooming is allowed.
  const vp = await page.getAttribute('meta[name=viewport]', 'content');
  assert.doesNotMatch(vp, /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
  // A tap places a piece on the tapped space; the flipped view stays upright.
  await page.tap(sq('E3'));
  let st = await waitState(page, (s) => s.moves.length >= 1);
  assert.equal(st.moves[0], 'E3');
  await page.getByRole('button', { name: 'Flip board' }).tap();
  const a1f = await page.locator(sq('A1')).boundingBox(),
    k5f = await page.locator(sq('K5')).boundingBox();
  assert.ok(a1f.y > k5f.y && a1f.x > k5f.x, 'flipped: A1 lower right');
  assert.ok((await page.locator(`${tid('board')} .board-bg`).boundingBox()).height > drawing.width);
  await shot(page, '41-phone-upright');
  // Turned to landscape, the board lies flat again.
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForSelector(`${tid('board')}[data-rotated="false"]`);
  const flat = await page.locator(`${tid('board')} .board-bg`).boundingBox();
  assert.ok(flat.width > flat.height);
  noScriptErrors(page);
  await page.context().close();
});

// No page scrolls sideways on a phone; in the lobby, Join is on screen and a
// guest reads why a rated game is closed to them.
test('nothing scrolls sideways on a phone; the lobby says why a guest cannot join a rated game', async () => {
  // A user opens a rated game in the lobby.
  const host = await newPage(browser, DESKTOP);
  const name = `host_${stamp}`;
  let r = await host.request.post(`${BASE}/api/auth/signup`, { data: { name, password: 'correct horse 42' } });
  if (r.status() === 404) {
    await host.context().close();
    return;
  } // no community API
  assert.equal(r.status(), 201, await r.text());
  r = await host.request.post(`${BASE}/api/lobby`, {
    data: { color: 'white', clock: { type: 'correspondence', days: 3 }, rated: true },
  });
  assert.equal(r.status(), 201, await r.text());
  const rated = (await r.json()).id;
  r = await host.request.post(`${BASE}/api/lobby`, {
    data: { color: 'black', clock: { type: 'realtime', initial: 600, increment: 5 }, rated: false },
  });
  assert.equal(r.status(), 201, await r.text());
  const open = (await r.json()).id;

  const page = await newPage(browser, PHONE, { hasTouch: true, isMobile: true });
  await page.goto(`${BASE}/#guest`);
  await page.getByTestId('guest-name').fill(`guest_${stamp}`);
  await page.getByTestId('guest-submit').tap();
  await page.waitForFunction(() => location.hash === '#lobby');
  const row = (id) => page.locator(`${tid('lobby-row')}[data-id="${id}"]`);
  await row(rated).waitFor();
  await row(open).waitFor();
  for (const id of [rated, open]) {
    const join = row(id).getByTestId('lobby-join');
    assert.equal(await join.isVisible(), true);
    const box = await join.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `Join within the screen (${box.x}+${box.width})`);
  }
  // The rated game: Join is off, and the reason is visible text tied to it.
  const join = row(rated).getByTestId('lobby-join');
  assert.equal(await join.isDisabled(), true);
  const why = row(rated).getByTestId('lobby-join-why');
  assert.equal(await why.isVisible(), true);
  assert.match(await why.textContent(), /account/);
  const whyBox = await why.boundingBox();
  assert.ok(whyBox.x + whyBox.width <= PHONE.width);
  assert.equal(await join.getAttribute('aria-describedby'), await why.getAttribute('id'));
  assert.equal(await row(open).getByTestId('lobby-join-why').count(), 0);
  await shot(page, '42-phone-lobby');

  // Every screen, as a guest and as nobody.
  const screens = ['#', '#lobby', '#login', '#mygames', '#archive', '#live', `#profile=${name}`, `#watch=${open}`];
  const sideways = async (where) => {
    const w = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    assert.ok(w <= PHONE.width, `${where} is ${w} px wide`);
  };
  for (const s of screens) {
    await page.goto(`${BASE}/${s}`);
    await page.waitForTimeout(300);
    await sideways(s);
  }
  await page.goto(`${BASE}/rules.html`);
  await sideways('rules.html');
  await page.goto(`${BASE}/`);
  await page.getByTestId('start').tap();
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitMyTurn(page);
  await sideways('a game');
  noScriptErrors(page);
  await page.context().close();
  await host.context().close();
});

// ---------- player rows: every clock and name fits, in every language ----------
const LANGS = ['en', 'fr', 'nl', 'es'];

// Problems in the player rows as seen: text cut off, a clock or "to place"
// or an engine's name broken over lines, parts running into each other or
// out of the row.
async function rowProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const lines = (e) => {
      const r = document.createRange();
      r.selectNodeContents(e);
      return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
    };
    for (const side of ['white', 'black']) {
      const row = document.querySelector(`[data-testid="player-${side}"]`);
      const rb = row.getBoundingClientRect();
      const parts = ['.piece', '.name', '.rating', '.side', '.clock', '.left', '.count']
        .map((sel) => [sel, row.querySelector(sel)])
        .filter(([, e]) => e && e.offsetParent !== null && e.getBoundingClientRect().width > 0);
      for (const [sel, e] of parts) {
        const b = e.getBoundingClientRect();
        const what = `${side} ${sel} "${e.textContent}"`;
        if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0) out.push(`${what} is cut off`);
        if (b.left < rb.left - 0.5 || b.right > rb.right + 0.5 || b.top < rb.top - 0.5 || b.bottom > rb.bottom + 0.5)
          out.push(`${what} sticks out of the row`);
        const oneLine =
          sel === '.clock' ||
          sel === '.left' ||
          sel === '.rating' ||
          (sel === '.name' && /\d\)?$/.test(e.textContent) && e.textContent.length < 30);
        if (oneLine && e.textContent && lines(e) > 1) out.push(`${what} wraps onto ${lines(e)} lines`);
      }
      for (let i = 0; i < parts.length; i++) {
        for (let j = i + 1; j < parts.length; j++) {
          const a = parts[i][1].getBoundingClientRect(),
            b = parts[j][1].getBoundingClientRect();
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
            out.push(
              `${side}: ${parts[i][0]} "${parts[i][1].textContent}" overlaps ${parts[j][0]} "${parts[j][1].textContent}"`,
            );
          }
        }
      }
    }
    const panel = document.querySelector('.panel').getBoundingClientRect();
    if (panel.right > window.innerWidth + 0.5) out.push('the panel is wider than the screen');
    return out;
  });
}

// Checks the rows in each language (switched with the header's switch).
async function checkRowsInEveryLanguage(pages, what) {
  for (const lang of LANGS) {
    for (const page of pages) {
      await page.getByTestId('lang-select').selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.deepEqual(await rowProblems(page), [], `${what}, ${lang}`);
    }
  }
  for (const page of pages) await page.getByTestId('lang-select').selectOption('en');
}

// A refused sign-up fails the test (it must never pass by skipping).
async function signUpByApi(page, name) {
  const r = await page.request.post(`${BASE}/api/auth/signup`, { data: { name, password: 'correct horse 42' } });
  assert.equal(r.status(), 201, `sign-up of ${name}: ${await r.text()}`);
  return true;
}

const longName = (first, n) => `${first}${n}${stamp}`.padEnd(20, 'M').slice(0, 20);

for (const [label, viewport, opts] of SIZES) {
  test(`player rows fit every clock and name in every language (${label})`, async () => {
    // Two users with the longest names there are, and wide letters.
    const white = await newPage(browser, viewport, opts);
    const black = await newPage(browser, viewport, opts);
    const wName = longName('W', label[0]),
      bName = longName('M', label[0]);
    await signUpByApi(white, wName);
    await signUpByApi(black, bName);
    const play = async (clock) => {
      const r = await white.request.post(`${BASE}/api/games`, { data: { mode: 'online', color: 'white', clock } });
      assert.equal(r.status(), 201, await r.text());
      const { id } = await r.json();
      await white.goto(`${BASE}/#game=${id}`);
      await white.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
      await black.goto(`${BASE}/#game=${id}`);
      await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
      await waitState(black, (s) => s.started !== false);
      if (clock.type === 'realtime') {
        // From the empty board each side's time starts at its first move.
        const st = await waitState(white, (s) => s.started !== false && s.clock);
        assert.equal(st.clock.running, null, 'no time runs before the first move');
        assert.ok(st.clock.first_move_deadline > 0, 'the first move is due');
        for (const page of [white, black]) {
          await waitMyTurn(page);
          await clickMove(page, (await legal(page))[0]);
        }
      }
      await waitState(white, (s) => s.started !== false && s.clock && s.clock.running === 'white');
      return id;
    };

    // Correspondence, a day a move: "23 h 59 min left" beside "1 d/move",
    // "25 to place" and "24 to place".
    await play({ type: 'correspondence', days: 1 });
    await white.waitForFunction(() => /23/.test(document.querySelector('[data-testid="clock-white"]').textContent));
    assert.match(await black.getByTestId('clock-black').textContent(), /1/);
    assert.match(await white.getByTestId('left-black').textContent(), /24/);
    await checkRowsInEveryLanguage([white, black], 'correspondence');
    await shot(white, `43-rows-correspondence-${label}`);

    // Real time, 15 s: a clock under ten seconds shows tenths ("0:04.6").
    await play({ type: 'realtime', initial: 15, increment: 0 });
    await white.waitForFunction(
      () => {
        const ms = Number(document.querySelector('[data-testid="clock-white"]').dataset.ms);
        return ms < 9000;
      },
      null,
      { timeout: 15000 },
    );
    assert.match(await white.getByTestId('clock-white').textContent(), /^0:0\d\.\d$/);
    await checkRowsInEveryLanguage([white, black], 'real time');
    await shot(black, `44-rows-realtime-${label}`);
    await white.context().close();
    await black.context().close();

    // The engine's name beside a player.
    const page = await newPage(browser, viewport, opts);
    await startGame(page, { mode: 'engine', level: 8, color: 'black' });
    assert.equal(await page.getByTestId('name-white').textContent(), 'Engine level 8');
    await checkRowsInEveryLanguage([page], 'engine');
    noScriptErrors(page);
    await page.context().close();
  });
}
