// Shared helpers for the real-browser tests. scripts/e2e.sh starts the
// server and sets DVONN_URL (and DVONN_PIDFILE for the restart test).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const BASE = process.env.DVONN_URL || 'http://127.0.0.1:8080';
const here = path.dirname(fileURLToPath(import.meta.url));
export const SHOTS = path.join(here, 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: 60000,
  });
}

// A page that fails the test on any uncaught script error.
export async function newPage(browser, viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // Console errors (failed requests included), for the tests that want none.
  page.consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.consoleErrors.push(`${m.text()} (${m.location().url || ''})`);
  });
  page.setDefaultTimeout(20000);
  return page;
}

export function noScriptErrors(page) {
  assert.deepEqual(page.errors, [], `script errors in the page: ${page.errors.join('; ')}`);
}

export function noConsoleErrors(page) {
  assert.deepEqual(page.consoleErrors, [], `console errors in the page: ${page.consoleErrors.join('; ')}`);
}

export const tid = (id) => `[data-testid="${id}"]`;
export const sq = (s) => `[data-testid="board"] [data-square="${s}"]`;

export async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// Starts a game from the home page's form; returns the game id.
export async function startGame(page, { mode = 'engine', level = 1, color = 'white', random = false, seed = '' } = {}) {
  await page.goto(`${BASE}/`);
  await page.check(tid(`mode-${mode}`));
  if (mode === 'engine') await page.selectOption(tid('level'), String(level));
  if (mode !== 'local') await page.check(tid(`color-${color}`));
  if (random) {
    await page.check(tid('random-setup'));
    if (seed !== '') await page.fill(tid('seed'), String(seed));
  }
  await page.click(tid('start'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(page, () => true);
  return page.evaluate(() => location.hash.slice('#game='.length));
}

export async function state(page) {
  return page.evaluate(() => window.dvonn && window.dvonn.state && JSON.parse(JSON.stringify(window.dvonn.state)));
}

// Waits until the page's current state satisfies pred (which may be async,
// to look at the board too). Polled from here: the server's
// Content-Security-Policy forbids evaluating strings in the page (no
// 'unsafe-eval'), which a serialised predicate would need.
export async function waitState(page, pred, timeout = 20000) {
  const until = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (s && (await pred(s))) return s;
    if (Date.now() > until) {
      const seen = s ? { moves: s.moves && s.moves.length, result: s.result, to_move: s.to_move } : null;
      throw new Error(`waitState: no matching state within ${timeout} ms (last: ${JSON.stringify(seen)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function legal(page) {
  const v = await page.getAttribute(tid('board'), 'data-legal');
  return v ? v.split(' ') : [];
}

// Waits until it is this page's turn (the board is interactive).
export async function waitMyTurn(page, timeout = 20000) {
  await page.waitForSelector('body[data-my-turn="true"]', { timeout });
}

// Plays a move by clicking: a placement, or source then target.
export async function clickMove(page, move) {
  const before = (await state(page)).version;
  if (move.length === 2) await page.click(sq(move));
  else {
    await page.click(sq(move.slice(0, 2)));
    await page.waitForSelector(`${sq(move.slice(2))}.target`);
    await page.click(sq(move.slice(2)));
  }
  return waitState(page, new Function('s', `return s.version > ${before};`));
}

export async function moveListTexts(page) {
  return page.$$eval(`${tid('move-list')} .mv`, (els) => els.map((e) => e.textContent));
}

// An accessibility audit of the page as it is (axe-core, every rule it runs
// by default): fails with each violation's id, impact and elements. axe is
// evaluated in the page rather than added with page.addScriptTag, which the
// server's Content-Security-Policy (script-src 'self') refuses as inline.
const AXE = path.join(here, 'node_modules', 'axe-core', 'axe.min.js');
export async function expectNoAxeViolations(page, label) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document);
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  assert.equal(
    violations.length,
    0,
    `${label}: ${violations.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`).join('; ')}`,
  );
}

// The password of the test accounts.
export const PASSWORD = 'correct horse 42';

// Signs a new account up through the page's form; done once the header
// shows the name.
export async function signUp(page, name, password = PASSWORD, base = BASE) {
  await page.goto(`${base}/#signup`);
  await page.fill(tid('signup-name'), name);
  await page.fill(tid('signup-password'), password);
  await page.click(tid('signup-submit'));
  await page.waitForSelector(`body[data-user="${name}"]`);
}

// Fails when the page is wider than the window (it would scroll sideways).
export async function noSideScroll(page, label) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) throw new Error(`${label}: the page scrolls sideways by ${wide} px`);
}
