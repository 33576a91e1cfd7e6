// The game view's extras: saved games on the home page saying where each
// game stands, hints drawn on the board and worded for a player, move
// sounds behind the sound switch, and board themes; at desktop and phone
// sizes, in the four languages.
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
  sq,
  shot,
  startGame,
  state,
  waitState,
  waitMyTurn,
  clickMove,
  legal,
  noScriptErrors,
} from './helpers.mjs';
import * as Rules from '../../web/js/rules.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'fr', 'nl', 'es'];
const I18N = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(fs.readFileSync(path.join(here, '..', '..', 'web', 'i18n', `${l}.json`), 'utf8'))]),
);
const tr = (lang, key, params = {}) => I18N[lang][key].replace(/\{(\w+)\}/g, (m, p) => String(params[p]));
const side = (lang, s) => I18N[lang][s === 'white' ? 'side.White' : 'side.Black'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }, {}],
  ['phone', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }],
];

// Counts the sounds really started (buffer sources), beside the page's log.
function countSources() {
  window.__sources = 0;
  const AC = window.AudioContext;
  if (!AC) return;
  const create = AC.prototype.createBufferSource;
  AC.prototype.createBufferSource = function () {
    const s = create.call(this);
    const start = s.start.bind(s);
    s.start = (...a) => {
      window.__sources++;
      return start(...a);
    };
    return s;
  };
}

const sounds = (page) => page.evaluate(() => [...(window.__dvonnSounds || [])]);

// sRGB contrast ratio of two "rgb(r, g, b)" colours.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)
      .slice(0, 3)
      .map((v) => {
        const x = Number(v) / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const [label, viewport, opts] of VIEWPORTS) {
  test(`saved games say the level, the move number and whose turn it is (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    const a = await startGame(page, { mode: 'engine', level: 2, color: 'white', random: true, seed: 42 });
    const c = await startGame(page, { mode: 'local' });
    const b = await startGame(page, { mode: 'engine', level: 3, color: 'black', random: true, seed: 7 });
    // The engine (White) moves first in b: then it is the person's move.
    await waitState(page, (s) => s.moves.length === 1);
    await waitMyTurn(page);

    const gets = [];
    page.on('request', (r) => {
      const m = /\/api\/games\/([^/?]+)$/.exec(new URL(r.url()).pathname);
      if (m && r.method() === 'GET') gets.push(m[1]);
    });
    await page.getByTestId('home-link').click();
    const item = (id) => page.locator(`${tid('saved-games')} a[data-game="${id}"]`);
    const expect = (lang) => ({
      [a]: `${tr(lang, 'saved.mode.engine')}${tr(lang, 'saved.level', { n: 2 })}${tr(lang, 'saved.as', { side: side(lang, 'white') })} — ${tr(lang, 'saved.moveNo', { n: 1 })}, ${tr(lang, 'saved.yourTurn')}`,
      // One screen: no seat of one colour, so whose turn by name.
      [c]: `${tr(lang, 'saved.mode.local')} — ${tr(lang, 'saved.moveNo', { n: 1 })}, ${tr(lang, 'saved.toMove', { side: side(lang, 'white') })}`,
      [b]: `${tr(lang, 'saved.mode.engine')}${tr(lang, 'saved.level', { n: 3 })}${tr(lang, 'saved.as', { side: side(lang, 'black') })} — ${tr(lang, 'saved.moveNo', { n: 2 })}, ${tr(lang, 'saved.yourTurn')}`,
    });
    for (const lang of LANGS) {
      if (lang !== 'en') await page.selectOption(tid('lang-select'), lang);
      for (const [id, text] of Object.entries(expect(lang))) {
        await page.waitForFunction(
          ([sel, want]) => (document.querySelector(sel)?.textContent || '').endsWith(want),
          [`[data-testid="saved-games"] a[data-game="${id}"]`, `: ${text}`],
        );
      }
    }
    // One request per game shown, none again for a language change.
    assert.deepEqual([...gets].sort(), [a, b, c].sort());
    await page.selectOption(tid('lang-select'), 'en');
    assert.match(await item(b).textContent(), /\(level 3\), as Black — move 2, your move$/);
    await shot(page, `60-saved-games-${label}`);

    // A finished game says so.
    const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`dvonn:game:${id}`)).token, b);
    const r = await page.request.post(`${BASE}/api/games/${b}/resign`, { data: { token } });
    assert.equal(r.ok(), true);
    await page.reload();
    await page.waitForFunction(
      ([sel, want]) => (document.querySelector(sel)?.textContent || '').endsWith(want),
      [`[data-testid="saved-games"] a[data-game="${b}"]`, '(level 3), as Black — game over'],
    );
    await page.evaluate(() => {
      // Many saved games (as after weeks of play): only a handful are shown.
      for (let k = 0; k < 8; k++)
        localStorage.setItem(
          `dvonn:game:nosuchgame${k}`,
          JSON.stringify({ seat: 'white', token: 'x', mode: 'online', saved: 1000 + k }),
        );
    });
    gets.length = 0;
    await page.reload();
    await page.waitForSelector(`${tid('saved-games')} li`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-games"] li').length === 6);
    await page.waitForTimeout(500);
    assert.ok(gets.length <= 6, `at most one request per game shown (${gets.length})`);
    assert.ok(!gets.includes('nosuchgame0'), 'no request for a game not shown');
    noScriptErrors(page);
    await page.context().close();
  });

  test(`hints: an arrow or a marker on the board, and words for a player (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    // A placement hint from the engine: a marker on the space, no arrow.
    await startGame(page, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(page);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.waitForSelector(`${tid('message')}[data-hint]`);
    const place = await page.getAttribute(tid('message'), 'data-hint');
    assert.equal(place.length, 2);
    await page.waitForSelector(`${sq(place)} .hint-place`);
    assert.equal(await page.locator(`${tid('board')} .hint-arrow`).count(), 0);
    const text = await page.textContent(tid('message'));
    assert.ok(text.startsWith(`Hint: place a piece on ${place}.`), text);
    assert.doesNotMatch(text, /pieces at the end|side to move/);

    // A stack move: an arrow from the stack to its target; the score in
    // words, in each language (the replies are made up here, so every
    // wording is seen).
    const id = await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 42 });
    await waitMyTurn(page);
    const move = (await legal(page)).find((m) => m.length === 4);
    let reply = null;
    await page.route(`**/api/games/${id}/hint`, (route) => route.fulfill({ json: reply }));
    const cases = [
      [{ score: -5.4, exact: false }, (l) => tr(l, 'hint.ahead.black', { n: 5 })],
      [{ score: 2.2, exact: false }, (l) => tr(l, 'hint.ahead.white', { n: 2 })],
      [{ score: 0.3, exact: false }, (l) => tr(l, 'hint.even')],
      [{ score: 3, exact: true }, (l) => tr(l, 'hint.wins.white', { n: 3 })],
      [{ score: -1, exact: true }, (l) => tr(l, 'hint.wins.black', { n: 1 })],
      [{ score: 0, exact: true }, (l) => tr(l, 'hint.drawExact')],
    ];
    for (const lang of LANGS) {
      await page.selectOption(tid('lang-select'), lang);
      for (const [r, words] of cases) {
        reply = { move, pv: [move], ...r };
        await page.evaluate(() => {
          const m = document.querySelector('[data-testid="message"]');
          m.textContent = '';
          delete m.dataset.hint;
        });
        await page.click(tid('hint'));
        await page.waitForSelector(`${tid('message')}[data-hint]`);
        const want = tr(lang, 'hint.text', {
          move: tr(lang, 'hint.move', { from: move.slice(0, 2), to: move.slice(2) }),
          score: words(lang),
        });
        assert.equal(await page.textContent(tid('message')), want);
      }
    }
    // The arrow runs from the stack to the target.
    assert.equal(await page.getAttribute(tid('board'), 'data-hint'), move);
    const arrow = page.locator(`${tid('board')} line.hint-arrow`);
    assert.equal(await arrow.count(), 1);
    const centre = async (s) => (await page.getAttribute(sq(s), 'transform')).match(/-?\d+(\.\d+)?/g).map(Number);
    const [fx, fy] = await centre(move.slice(0, 2)),
      [tx, ty] = await centre(move.slice(2));
    const [x1, y1, x2, y2] = await Promise.all(['x1', 'y1', 'x2', 'y2'].map((k) => arrow.getAttribute(k))).then((v) =>
      v.map(Number),
    );
    assert.ok(Math.hypot(x1 - fx, y1 - fy) < 30, 'the arrow starts at the stack');
    assert.ok(Math.hypot(x2 - tx, y2 - ty) < 30, 'the arrow ends at the target');
    assert.equal(await page.getAttribute(`${tid('board')} line.hint-arrow`, 'marker-end'), 'url(#arrow-hint)');
    await shot(page, `61-hint-arrow-${label}`);
    // Playing the move clears the hint.
    await page.unroute(`**/api/games/${id}/hint`);
    await clickMove(page, move);
    assert.equal(await arrow.count(), 0);
    noScriptErrors(page);
    await page.context().close();
  });

  test(`move sounds: placement, stack move, removal, game end; none when off (${label})`, async () => {
    // Off (the default): moves make no sound.
    const quiet = await newPage(browser, viewport, opts);
    await quiet.context().addInitScript(countSources);
    await startGame(quiet, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(quiet);
    await clickMove(quiet, (await legal(quiet))[0]);
    await waitState(quiet, (s) => s.moves.length === 2);
    await quiet.waitForTimeout(300);
    assert.deepEqual(await sounds(quiet), []);
    assert.equal(await quiet.evaluate(() => window.__sources), 0);
    await quiet.context().close();

    const page = await newPage(browser, viewport, opts);
    await page.context().addInitScript(countSources);
    await startGame(page, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(page);
    const sound = page.getByRole('checkbox', { name: 'Play a sound' });
    if (opts.hasTouch) await sound.tap();
    else await sound.check();
    assert.equal(await sound.isChecked(), true);
    // A placement: mine, then the engine's.
    await clickMove(page, (await legal(page))[0]);
    await waitState(page, (s) => s.moves.length === 2);
    await page.waitForFunction(() => window.__dvonnSounds.length >= 1);
    let heard = await sounds(page);
    assert.ok(heard.length >= 1 && heard.every((k) => k === 'place'), heard.join());
    // Resigning ends the game: the end sound.
    await page.getByRole('button', { name: 'Resign', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, resign' }).click();
    await waitState(page, (s) => s.result !== 'ongoing');
    await page.waitForFunction(() => window.__dvonnSounds.includes('end'));
    heard = await sounds(page);
    assert.equal(heard[heard.length - 1], 'end');
    assert.equal(heard.filter((k) => k === 'end').length, 1);
    assert.equal(await page.evaluate(() => window.__sources), heard.length, 'each sound is played');

    // Stack moves, then one that cuts stacks off (one screen, both sides
    // played here; the switch is the same, remembered).
    await startGame(page, { mode: 'local', random: true, seed: 42 });
    let st = await state(page);
    const start = Rules.randomSetup(42n);
    const find = (p, depth, line) => {
      for (const m of Rules.legalMoves(p)) {
        if (m === 'PASS') continue;
        const r = Rules.applyMove(p, m);
        if (Object.keys(r.removed).length) return [...line, m];
        if (depth > 1) {
          const f = find(r.position, depth - 1, [...line, m]);
          if (f) return f;
        }
      }
      return null;
    };
    const line = find(start, 3, []);
    assert.ok(line, 'a line of play that removes stacks');
    const before = (await sounds(page)).length;
    for (const m of line) {
      st = await clickMove(page, m);
    }
    assert.ok(Object.keys(st.removed || {}).length > 0, 'stacks were removed');
    await page.waitForFunction((n) => window.__dvonnSounds.length >= n, before + line.length + 1);
    const expected = [...line.map(() => 'move'), 'remove'];
    assert.deepEqual((await sounds(page)).slice(before), expected);
    await shot(page, `62-sounds-removed-${label}`);

    // Off again: nothing more.
    await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 3 });
    await waitMyTurn(page);
    const sw = page.getByRole('checkbox', { name: 'Play a sound' });
    if (opts.hasTouch) await sw.tap();
    else await sw.uncheck();
    assert.equal(await sw.isChecked(), false);
    const n = (await sounds(page)).length;
    await clickMove(
      page,
      (await legal(page)).find((m) => m !== 'PASS'),
    );
    await waitState(page, (s) => s.moves.length >= 2);
    await page.waitForTimeout(300);
    assert.equal((await sounds(page)).length, n, 'no sound with the switch off');
    noScriptErrors(page);
    await page.context().close();
  });

  test(`board themes: readable colours, chosen by name, remembered (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 42 });
    const colours = () =>
      page.evaluate(() => {
        const css = (sel) => {
          const e = document.querySelector(sel);
          const s = getComputedStyle(e);
          return { fill: s.fill, stroke: s.stroke };
        };
        return {
          board: css('[data-testid="board"] .board-bg').fill,
          label: css('[data-testid="board"] .labels text').fill,
          w: css('[data-testid="board"] .space:not(.selectable) .disc.top.c-w'),
          b: css('[data-testid="board"] .disc.top.c-b'),
          d: css('[data-testid="board"] .disc.top.c-d'),
        };
      });
    const select = page.getByRole('combobox', { name: 'Board colours' });
    assert.equal(await select.inputValue(), 'wood');
    const seen = {};
    for (const theme of ['wood', 'slate', 'contrast']) {
      await select.selectOption(theme);
      const c = await colours();
      seen[theme] = c.board;
      assert.ok(contrast(c.label, c.board) >= 4.5, `${theme}: coordinates ${c.label} on ${c.board}`);
      for (const k of ['w', 'b', 'd']) {
        const best = Math.max(contrast(c[k].fill, c.board), contrast(c[k].stroke, c.board));
        assert.ok(best >= 3, `${theme}: ${k} pieces (${c[k].fill}, ${c[k].stroke}) on ${c.board}: ${best}`);
      }
      if (theme === 'slate') await shot(page, `63-theme-slate-${label}`);
    }
    assert.equal(new Set(Object.values(seen)).size, 3, 'each theme has its own board colour');
    await select.selectOption('slate');
    await page.reload();
    await waitState(page, () => true);
    assert.equal(await page.getByRole('combobox', { name: 'Board colours' }).inputValue(), 'slate');
    assert.equal((await colours()).board, seen.slate);
    // Its name and choices in each language.
    for (const lang of LANGS) {
      await page.selectOption(tid('lang-select'), lang);
      const named = page.getByRole('combobox', { name: tr(lang, 'theme.label'), exact: true });
      assert.equal(await named.inputValue(), 'slate');
      assert.deepEqual(
        await named.locator('option').allTextContents(),
        ['theme.wood', 'theme.slate', 'theme.contrast'].map((k) => tr(lang, k)),
      );
    }
    noScriptErrors(page);
    await page.context().close();
  });
}
