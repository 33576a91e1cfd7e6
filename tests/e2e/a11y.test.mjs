// An axe-core audit of every page the browser tests visit, at desktop and
// phone sizes: the home page, a game during placement, during the stack
// moves and once over, the lobby, logging in and signing up, my games, a
// profile, the archive, the live games and the rules.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  sq,
  startGame,
  waitState,
  waitMyTurn,
  noScriptErrors,
  expectNoAxeViolations,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const SIZES = [
  ['desktop', { width: 1280, height: 800 }, {}],
  ['phone', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }],
];
const stamp = Date.now().toString(36).slice(-5);

for (const [label, viewport, opts] of SIZES) {
  test(`no accessibility violations on any page (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    const audit = (what) => expectNoAxeViolations(page, `${what} (${label})`);
    const screen = async (hash, what) => {
      await page.goto(`${BASE}/${hash}`);
      await page.waitForTimeout(400);
      await audit(what);
    };
    await screen('#', 'home');
    await screen('#login', 'log in');
    await screen('#signup', 'sign up');
    await page.goto(`${BASE}/rules.html`);
    await audit('rules');

    // A game during placement: a piece placed, one stack pointed at.
    await startGame(page, { mode: 'local' });
    await waitMyTurn(page);
    await page.click(sq('E3'));
    await waitState(page, (s) => s.moves.length === 1);
    await audit('game, placement');
    // The stack moves: a stack selected, its targets lit, a hint shown.
    await startGame(page, { mode: 'local', random: true, seed: 8 });
    await waitMyTurn(page);
    const st = await waitState(page, (s) => s.legal.length > 0);
    const move = st.legal.find((m) => m.length === 4);
    await page.click(sq(move.slice(0, 2)));
    await page.waitForSelector(`${sq(move.slice(2))}.target`);
    await audit('game, stack moves');
    // A hint, then the game over: the engine's game, resigned.
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.waitForSelector(`${tid('board')} .hint-ring`);
    await audit('game, a hint');
    await startGame(page, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(page);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Yes, resign' }).click();
    await waitState(page, (s) => s.result !== 'ongoing');
    await page.getByTestId('game-over').waitFor();
    await audit('game over');

    const r = await page.request.post(`${BASE}/api/auth/signup`, {
      data: { name: `ax${label[0]}_${stamp}`, password: 'correct horse 42' },
    });
    const member = r.status() === 201;
    noScriptErrors(page);
    if (member) {
      // An open game of theirs in the lobby and in my games.
      const g = await page.request.post(`${BASE}/api/lobby`, {
        data: { color: 'white', clock: { type: 'realtime', initial: 300, increment: 2 }, rated: true },
      });
      assert.equal(g.status(), 201, await g.text());
      await screen('#lobby', 'lobby');
      await screen('#mygames', 'my games');
      await screen(`#profile=ax${label[0]}_${stamp}`, 'profile');
    }
    await screen('#archive', 'archive');
    await screen('#live', 'live games');
    noScriptErrors(page);
    await page.context().close();
  });
}
