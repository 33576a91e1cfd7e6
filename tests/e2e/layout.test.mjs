// The game view's layout, third pass (issue 42): on a phone the turn, the
// clocks and the last message stay in view with the board; the longest
// names (20 characters) fit everywhere; every control is a 44 px tap target
// on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, tid, sq, shot, state, waitState, waitMyTurn, noScriptErrors } from './helpers.mjs';

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
const SIZES = [
  ['desktop', DESKTOP, {}],
  ['phone', PHONE, TOUCH],
];
const LANGS = ['en', 'fr', 'nl', 'es'];
const stamp = Date.now().toString(36).slice(-5);
// The longest names there are (20 characters), in wide letters.
const longName = (first) => `${first}${stamp}`.padEnd(20, 'M').slice(0, 20);

// Signs a page's browser up; a refusal fails the test (it must never pass
// by skipping).
async function signUp(page, name) {
  const r = await page.request.post(`${BASE}/api/auth/signup`, { data: { name, password: 'correct horse 42' } });
  assert.equal(r.status(), 201, `sign-up of ${name}: ${await r.text()}`);
  return true;
}

async function setLang(page, lang) {
  await page.getByTestId('lang-select').selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

// Within the viewport (a rounding pixel allowed).
const inside = (box, vp) =>
  box && box.y >= -1 && box.x >= -1 && box.y + box.height <= vp.height + 1 && box.x + box.width <= vp.width + 1;

// Two members in a game with a clock (White's page, Black's page); rated
// games are made in the lobby, the others straight away.
async function twoPlayerGame(white, black, { rated = false } = {}) {
  let r;
  const clock = { type: 'realtime', initial: 600, increment: 5 };
  if (rated) {
    r = await white.request.post(`${BASE}/api/lobby`, { data: { color: 'white', clock, rated: true } });
    assert.equal(r.status(), 201, await r.text());
    const { id } = await r.json();
    r = await black.request.post(`${BASE}/api/lobby/${id}/join`, { data: {} });
    assert.ok(r.ok(), await r.text());
    return id;
  }
  r = await white.request.post(`${BASE}/api/games`, { data: { mode: 'online', color: 'white', clock } });
  assert.equal(r.status(), 201, await r.text());
  const { id } = await r.json();
  r = await black.request.post(`${BASE}/api/games/${id}/join`, { data: {} });
  assert.ok(r.ok(), await r.text());
  return id;
}

test('on a phone the turn, the clocks and the last message are in view with the board, in every language', async () => {
  const white = await newPage(browser, PHONE, TOUCH);
  const black = await newPage(browser, DESKTOP);
  await signUp(white, longName('P'));
  await signUp(black, longName('Q'));
  const id = await twoPlayerGame(white, black);
  await white.goto(`${BASE}/#game=${id}`);
  await white.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
  await black.goto(`${BASE}/#game=${id}`);
  await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(white, (s) => s.started !== false && s.clock);
  await waitMyTurn(white);
  await white.getByTestId('clock-white').waitFor();
  // The game opens scrolled so that the bar and the whole board are in
  // view: the user taps a space without scrolling.
  const board = white.getByTestId('board');
  for (const part of ['board', 'status', 'clock-white', 'clock-black']) {
    const box = await white.getByTestId(part).boundingBox();
    assert.ok(inside(box, PHONE), `on opening, ${part} is in view (${JSON.stringify(box)})`);
  }
  await white.tap(sq('E3'));
  await waitState(white, (s) => s.moves.length === 1);
  for (const lang of LANGS) {
    await setLang(white, lang);
    await board.evaluate((e) => e.scrollIntoView({ block: 'end' }));
    // A second tap on the same space: refused, and said in the message line.
    await white.tap(sq('E3'));
    await white.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent !== '');
    const boardBox = await board.boundingBox();
    assert.ok(inside(boardBox, PHONE), `${lang}: the board is in view (${JSON.stringify(boardBox)})`);
    const drawing = await white.locator(`${tid('board')} .board-bg`).boundingBox();
    assert.ok(
      drawing.width * drawing.height >= 120000,
      `${lang}: the board's drawing covers ${Math.round(drawing.width * drawing.height)} px²`,
    );
    for (const part of ['status', 'message', 'clock-white', 'clock-black']) {
      const box = await white.getByTestId(part).boundingBox();
      assert.ok(inside(box, PHONE), `${lang}: ${part} in view with the board (${JSON.stringify(box)})`);
    }
    assert.notEqual(await white.getByTestId('status').textContent(), '');
    if (lang === 'en') await shot(white, '45-phone-turn-bar');
  }
  noScriptErrors(white);
  await white.context().close();
  await black.context().close();
});

// Nothing scrolls sideways.
async function noSideways(page, viewport, where) {
  const w = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  assert.ok(w <= viewport.width, `${where} is ${w} px wide`);
}

// box a lies within box b (a rounding pixel allowed).
const within = (a, b) =>
  a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

for (const [label, viewport, opts] of SIZES) {
  test(`20-character names fit the lobby, the lists, the profile and the game-over panel (${label})`, async () => {
    const a = await newPage(browser, viewport, opts);
    const b = await newPage(browser, viewport, opts);
    const aName = longName(`A${label[0]}`),
      bName = longName(`B${label[0]}`);
    await signUp(a, aName);
    await signUp(b, bName);
    // A rated game between them, over by resignation: rating changes.
    const id = await twoPlayerGame(a, b, { rated: true });
    await a.goto(`${BASE}/#game=${id}`);
    await a.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
    await waitState(a, (s) => s.started !== false);
    await a.getByTestId('resign').click();
    await a.getByTestId('resign-yes').click();
    await waitState(a, (s) => s.result !== 'ongoing' && s.rating_changes);
    const changes = a.getByTestId('rating-changes');
    await changes.waitFor();
    for (const lang of LANGS) {
      await setLang(a, lang);
      const panel = await a.getByTestId('game-over').boundingBox();
      const items = await changes.locator('li').all();
      assert.equal(items.length, 2);
      for (const li of items) {
        const box = await li.boundingBox();
        assert.ok(within(box, panel), `${lang}: "${await li.textContent()}" within the panel`);
        const [sw, cw] = await li.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        assert.ok(sw <= cw + 1, `${lang}: "${await li.textContent()}" is not cut off (${sw} > ${cw})`);
      }
      await noSideways(a, viewport, `game over, ${lang}`);
    }
    await shot(a, `46-long-names-over-${label}`);
    await setLang(a, 'en');

    // B opens a game in the lobby; A sees it with Join inside its card.
    const r = await b.request.post(`${BASE}/api/lobby`, {
      data: { color: 'black', clock: { type: 'correspondence', days: 3 }, rated: true },
    });
    assert.equal(r.status(), 201, await r.text());
    const open = (await r.json()).id;
    await a.goto(`${BASE}/#lobby`);
    const row = a.locator(`${tid('lobby-row')}[data-id="${open}"]`);
    await row.waitFor();
    for (const lang of LANGS) {
      await setLang(a, lang);
      const join = row.getByRole('button', { name: new RegExp(bName) });
      const card = await a.locator('.lobby .card').first().boundingBox();
      const box = await join.boundingBox();
      assert.ok(within(box, card), `${lang}: Join ${JSON.stringify(box)} inside its card ${JSON.stringify(card)}`);
      assert.ok(await join.isVisible());
      await noSideways(a, viewport, `the lobby, ${lang}`);
    }
    await shot(a, `47-long-names-lobby-${label}`);
    await setLang(a, 'en');
    await b.request.post(`${BASE}/api/lobby/${open}/cancel`, { data: {} });

    // The lists and the profile, in every language.
    for (const screen of ['#mygames', '#archive', '#live', `#profile=${aName}`]) {
      await a.goto(`${BASE}/${screen}`);
      await a.waitForFunction(() => document.querySelector('main > section:not([hidden])').dataset.testid !== 'game');
      await a.waitForTimeout(500);
      for (const lang of LANGS) {
        await setLang(a, lang);
        await noSideways(a, viewport, `${screen}, ${lang}`);
      }
      await setLang(a, 'en');
    }
    // The profile's name stays on the page.
    const title = await a.getByRole('heading', { level: 1, name: aName }).boundingBox();
    assert.ok(title.x + title.width <= viewport.width);
    await shot(a, `48-long-names-profile-${label}`);
    noScriptErrors(a);
    await a.context().close();
    await b.context().close();
  });
}

// ---------- tap targets on a phone ----------

// The visible controls smaller than 44 px: buttons, links, selects, the
// labels of radio buttons and checkboxes. Links inside a sentence or a
// player's name in the turn bar are text, not targets (WCAG 2.5.8's inline
// exception); the skip link shows only on focus.
async function smallTargets(page) {
  return page.evaluate(() => {
    const out = [];
    for (const e of document.querySelectorAll('button, a[href], select, summary, label')) {
      if (e.tagName === 'LABEL' && !e.querySelector(':scope > input[type=radio], :scope > input[type=checkbox]'))
        continue;
      if (e.closest('.sr-only, p, .player .name, [hidden]') || e.classList.contains('skip-link')) continue;
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
      const text = (e.textContent || '').trim();
      // An icon button (no letters in it) must be as wide as tall.
      const icon = !/\p{L}/u.test(text);
      if (r.height < 44 - 0.5 || (icon && r.width < 44 - 0.5))
        out.push(`${e.tagName.toLowerCase()} "${text.slice(0, 24)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  });
}

test('on a phone every button, link and choice is at least 44 px tall (icons as wide)', async () => {
  const host = await newPage(browser, DESKTOP);
  const hostName = `tap_${stamp}`;
  const member = await signUp(host, hostName);
  if (member) {
    const r = await host.request.post(`${BASE}/api/lobby`, { data: { color: 'white', rated: false } });
    assert.equal(r.status(), 201, await r.text());
  }
  const page = await newPage(browser, PHONE, TOUCH);
  const check = async (where) => {
    assert.deepEqual(await smallTargets(page), [], `small tap targets on ${where}`);
    const n = await page.evaluate(() => document.querySelectorAll('button, a[href]').length);
    assert.ok(n > 3, `${where} has controls`);
  };
  for (const s of ['#', '#login', '#signup', '#guest', '#lobby', '#archive', '#live']) {
    await page.goto(`${BASE}/${s}`);
    await page.waitForTimeout(300);
    await check(s);
  }
  // The home page's choices in every language (longer words wrap, and stay tall).
  await page.goto(`${BASE}/`);
  for (const lang of LANGS) {
    await setLang(page, lang);
    await check(`the home page, ${lang}`);
  }
  await setLang(page, 'en');
  if (member) {
    await page.goto(`${BASE}/#guest`);
    await page.getByTestId('guest-name').fill(`guest_${stamp}`);
    await page.getByTestId('guest-submit').tap();
    await page.waitForFunction(() => location.hash === '#lobby');
    await page.getByTestId('lobby-join').first().waitFor();
    await check('the lobby, as a guest');
    for (const s of ['#mygames', `#profile=${hostName}`]) {
      await page.goto(`${BASE}/${s}`);
      await page.waitForTimeout(300);
      await check(s);
    }
  }
  // A game in the movement phase, with moves in the list.
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-local').check();
  await page.getByTestId('random-setup').check();
  await page.getByTestId('start').tap();
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitMyTurn(page);
  const st = await state(page);
  const move = st.legal.find((m) => m.length === 4);
  await page.tap(sq(move.slice(0, 2)));
  await page.tap(sq(move.slice(2)));
  await waitState(page, (s) => s.moves.length === 1);
  for (const lang of LANGS) {
    await setLang(page, lang);
    await check(`a game, ${lang}`);
  }
  await setLang(page, 'en');
  // The history buttons by name.
  for (const name of ['Start of the game', 'Previous move', 'Next move', 'Latest position']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `${name}: ${box.width}x${box.height}`);
  }
  await shot(page, '49-phone-tap-targets');
  noScriptErrors(page);
  await page.context().close();
  await host.context().close();
});
