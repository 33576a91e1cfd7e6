// Playing with the keyboard: a skip link reaches the board with one Tab;
// the board is one Tab stop whose spaces the arrow keys move between (as
// drawn: flat, flipped or upright); the focus ring is plain to see; the
// controls have their roles and names in every language.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, launch, newPage, tid, sq, shot, startGame, waitState, waitMyTurn, noScriptErrors } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const here = path.dirname(fileURLToPath(import.meta.url));
const strings = (lang) => JSON.parse(fs.readFileSync(path.join(here, '../../web/i18n', `${lang}.json`), 'utf8'));
const SIZES = [
  ['desktop', { width: 1280, height: 800 }, {}],
  ['phone', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }],
];

const focused = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e && (e.dataset.square || e.dataset.testid || e.tagName);
  });
const centre = async (page, s) => {
  const b = await page.locator(sq(s)).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
};

for (const [label, viewport, opts] of SIZES) {
  test(`the board is one Tab away and one Tab stop; arrows move as drawn (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    const id = await startGame(page, { mode: 'local' });
    await page.goto(`${BASE}/#game=${id}`);
    await page.reload();
    await waitMyTurn(page);
    // First Tab: the skip link, shown; Enter: on the board.
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'skip-link');
    const link = page.getByRole('link', { name: 'Skip to the board' });
    assert.equal(await link.isVisible(), true);
    const lb = await link.boundingBox();
    assert.ok(lb.y >= 0 && lb.x >= 0, 'the skip link is on screen when focused');
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'E3');
    // One Tab stop: every other space is out of the Tab order.
    assert.equal(await page.locator(`${tid('board')} .space[tabindex="0"]`).count(), 1);
    assert.equal(await page.locator(`${tid('board')} .space[tabindex="-1"]`).count(), 48);
    // The focus ring is thick and coloured.
    const ring = await page.$eval(`${sq('E3')} .hit`, (e) => {
      const cs = getComputedStyle(e);
      return { w: parseFloat(cs.strokeWidth), s: cs.stroke };
    });
    assert.ok(ring.w >= 4 && ring.s !== 'none', JSON.stringify(ring));
    await shot(page, `47-keyboard-focus-${label}`);

    // Each arrow goes to the nearest space that way on screen.
    const rotated = (await page.getAttribute(tid('board'), 'data-rotated')) === 'true';
    const [ex, ey] = await centre(page, 'E3'),
      [fx, fy] = await centre(page, 'F3');
    const step = Math.hypot(fx - ex, fy - ey);
    assert.equal(rotated, label === 'phone');
    for (const [key, dx, dy] of [
      ['ArrowRight', 1, 0],
      ['ArrowDown', 0, 1],
      ['ArrowLeft', -1, 0],
      ['ArrowUp', 0, -1],
    ]) {
      const from = await focused(page);
      const [x0, y0] = await centre(page, from);
      await page.keyboard.press(key);
      const to = await focused(page);
      assert.notEqual(to, from, `${key} from ${from}`);
      const [x1, y1] = await centre(page, to);
      const along = (x1 - x0) * dx + (y1 - y0) * dy,
        across = Math.abs((x1 - x0) * dy - (y1 - y0) * dx);
      assert.ok(along > 0 && across <= along * Math.sqrt(3), `${key}: ${from} -> ${to}`);
      // A neighbour, not a jump across the board.
      assert.ok(Math.hypot(x1 - x0, y1 - y0) < 1.2 * step, `${key}: ${from} -> ${to} is a neighbour`);
    }
    // Flat: right from E3 is F3; upright: down from E3 is F3.
    await page.locator(sq('E3')).focus();
    await page.keyboard.press(rotated ? 'ArrowDown' : 'ArrowRight');
    assert.equal(await focused(page), 'F3');
    // The arrow keys on the board do not step through the history.
    assert.equal(await page.getByTestId('history-banner').isHidden(), true);
    // Enter plays the focused space; the board stays the one Tab stop, where it was.
    await page.keyboard.press('Enter');
    await waitState(page, (s) => s.moves.length === 1 && s.moves[0] === 'F3');
    await page.keyboard.press('Tab');
    const after = await focused(page);
    assert.ok(!/^[A-K]\d$/.test(after), `Tab leaves the board (${after})`);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'F3');
    // Flipped, right is still right on screen.
    await page.getByTestId('flip').click();
    await page.locator(sq('E3')).focus();
    await page.keyboard.press(rotated ? 'ArrowDown' : 'ArrowRight');
    assert.equal(await focused(page), 'D3');
    noScriptErrors(page);
    await page.context().close();
  });
}

test('the skip link, the board and the controls have roles and names in every language', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  await page.goto(`${BASE}/`);
  // The app's module finishes after the load event (it awaits its strings):
  // press the link only once its handler is in place.
  await page.waitForFunction(() => window.dvonn !== undefined);
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'MAIN');
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  await waitMyTurn(page);
  for (const lang of ['en', 'fr', 'nl', 'es']) {
    const s = strings(lang);
    await page.getByTestId('lang-select').selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const named = async (role, name) =>
      assert.equal((await page.getByRole(role, { name, exact: true }).count()) > 0, true, `${lang}: ${role} "${name}"`);
    await named('link', s['skip.board']);
    await named('group', s['board.label']);
    assert.equal(
      await page.getByRole('group', { name: s['board.label'] }).getAttribute('aria-describedby'),
      'board-keys',
    );
    assert.equal(await page.locator('#board-keys').textContent(), s['board.keys']);
    await named('button', s['stack.empty'].replace('{sq}', 'E3'));
    for (const k of ['hist.first', 'hist.prev', 'hist.next', 'hist.last']) await named('button', s[k]);
    await named('slider', s['hist.slider']);
    for (const k of ['game.flip', 'game.resign', 'game.play']) await named('button', s[k]);
    await named('textbox', s['game.typeMove']);
    await named('checkbox', s['alert.sound']);
    await named('checkbox', s['alert.notify']);
    await named('list', s['game.movesLabel']);
    await named('combobox', s['lang.label']);
    if (lang !== 'en')
      assert.notEqual(s['board.label'] + s['skip.board'], strings('en')['board.label'] + strings('en')['skip.board']);
  }
  noScriptErrors(page);
  await page.context().close();
});
