// Leaderboards and ratings per time-control family (docs/community-api.md,
// "Leaderboards"; docs/ui.md): four players sign up and play rated games
// through the API (each ended by a resignation) in blitz, bullet and
// rapid; the boards show them in the right family and order, a profile's
// family cards link to the board and its chart switches family; at
// 1280x800 and on a phone, without sideways scrolling, axe clean, and once
// in Spanish.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  noScriptErrors,
  noSideScroll,
  expectNoAxeViolations,
  PASSWORD,
} from './helpers.mjs';

let browser;
const ES = JSON.parse(fs.readFileSync(new URL('../../web/i18n/es.json', import.meta.url), 'utf8'));

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { hasTouch: true, isMobile: true };
const BLITZ = { type: 'realtime', initial: 300, increment: 0 };
const BULLET = { type: 'realtime', initial: 60, increment: 0 };
const RAPID = { type: 'realtime', initial: 600, increment: 5 };

// Names of this run: the database is shared with the other e2e files.
const tag = String(Date.now() % 1e6).padStart(6, '0');
const NAMES = { alice: `lbA${tag}`, bob: `lbB${tag}`, carol: `lbC${tag}`, dave: `lbD${tag}` };

async function signUpApi(page, name) {
  const r = await page.request.post(`${BASE}/api/auth/signup`, { data: { name, password: PASSWORD } });
  assert.equal(r.status(), 201, await r.text());
}

// A rated game of `clock` between the pages' users (white first) that the
// winner ('white' or 'black') wins by the other's resignation.
async function ratedGame(white, black, clock, winner) {
  const c = await white.request.post(`${BASE}/api/games`, {
    data: { mode: 'online', color: 'white', rated: true, clock },
  });
  assert.equal(c.status(), 201, await c.text());
  const { id, token: whiteToken } = await c.json();
  const j = await black.request.post(`${BASE}/api/games/${id}/join`, { data: {} });
  assert.equal(j.status(), 200, await j.text());
  const { token: blackToken } = await j.json();
  const loser = winner === 'white' ? black : white;
  const r = await loser.request.post(`${BASE}/api/games/${id}/resign`, {
    data: { token: winner === 'white' ? blackToken : whiteToken },
  });
  assert.equal(r.status(), 200, await r.text());
  assert.ok((await r.json()).rating_changes, 'a rated game changes ratings');
}

async function familyRating(page, name, family) {
  const r = await page.request.get(`${BASE}/api/users/${name}`);
  return (await r.json()).ratings.find((row) => row.family === family);
}

// The names of this run's players in a list's order.
async function ourOrder(page, selector) {
  const all = await page.$$eval(selector, (rows) => rows.map((r) => r.dataset.name));
  const ours = new Set(Object.values(NAMES));
  return all.filter((n) => ours.has(n));
}

let pages;
before(async () => {
  browser = await launch();
  pages = {};
  for (const [who, name] of Object.entries(NAMES)) {
    pages[who] = await newPage(browser, DESKTOP);
    await pages[who].goto(`${BASE}/`);
    await signUpApi(pages[who], name);
  }
  const { alice, bob, carol, dave } = pages;
  // Blitz: alice wins four of six against bob; bullet: dave wins three of
  // five against carol; one rapid game, alice against carol.
  for (const w of ['white', 'white', 'black', 'white', 'black', 'white']) await ratedGame(alice, bob, BLITZ, w);
  for (const w of ['black', 'white', 'black', 'white', 'black']) await ratedGame(carol, dave, BULLET, w);
  await ratedGame(alice, carol, RAPID, 'black');
});
after(async () => {
  for (const p of Object.values(pages || {})) await p.context().close();
  await browser?.close();
});

test('the boards list the players of each family best first; a profile charts each family', async () => {
  const page = pages.alice;
  const { alice, bob, carol, dave } = NAMES;
  await page.goto(`${BASE}/`);
  await page.reload();
  // From the header's navigation to the overview.
  await page.getByRole('link', { name: 'Leaderboards', exact: true }).click();
  await page.waitForSelector(`${tid('leaderboard-card-blitz')} li[data-name="${alice}"]`);
  assert.equal(await page.getAttribute(tid('leaderboard-link'), 'aria-current'), 'page');
  const blitzRating = (await familyRating(page, alice, 'blitz')).rating;
  const bobBlitz = (await familyRating(page, bob, 'blitz')).rating;
  assert.ok(blitzRating > bobBlitz, 'alice won more blitz games');
  assert.deepEqual(await ourOrder(page, `${tid('leaderboard-card-blitz')} li`), [alice, bob]);
  const daveBullet = (await familyRating(page, dave, 'bullet')).rating;
  const carolBullet = (await familyRating(page, carol, 'bullet')).rating;
  assert.ok(daveBullet > carolBullet);
  assert.deepEqual(await ourOrder(page, `${tid('leaderboard-card-bullet')} li`), [dave, carol]);
  // One rapid game each: rated, not on the board.
  assert.deepEqual(await ourOrder(page, `${tid('leaderboard-card-rapid')} li`), []);
  assert.match(await page.textContent(tid('leaderboard-rules')), /at least 5 rated games/);
  await noSideScroll(page, 'leaderboard overview, desktop');
  await expectNoAxeViolations(page, 'leaderboard overview, desktop');
  await shot(page, 'leaderboard-overview');

  // The blitz board in full.
  await page.click(tid('leaderboard-all-blitz'));
  await page.waitForSelector(`${tid('leaderboard-table')} tr[data-name="${alice}"]`);
  assert.equal(await page.textContent(tid('leaderboard-title')), 'Leaderboard: Blitz');
  assert.equal(await page.getAttribute(tid('leaderboard-tab-blitz'), 'aria-current'), 'page');
  assert.deepEqual(await ourOrder(page, `${tid('leaderboard-table')} tbody tr`), [alice, bob]);
  const row = `${tid('leaderboard-table')} tr[data-name="${alice}"]`;
  assert.equal(Number(await page.getAttribute(`${row} td.rating`, 'data-rating')), blitzRating);
  assert.equal(await page.textContent(`${row} td:nth-child(4)`), '6');
  // Every game was today: the 7-day trend is the whole change.
  assert.equal(await page.getAttribute(`${row} td.trend`, 'data-trend'), String(Math.round(blitzRating - 1500)));
  // Ranks follow the rows.
  const ranks = await page.$$eval(`${tid('leaderboard-table')} tbody td.rank`, (c) =>
    c.map((e) => Number(e.textContent)),
  );
  assert.deepEqual(
    ranks,
    ranks.map((_, i) => i + 1),
  );
  await noSideScroll(page, 'blitz board, desktop');
  await expectNoAxeViolations(page, 'blitz board, desktop');
  await shot(page, 'leaderboard-blitz');

  // Alice's profile: a card per family, the blitz one ranked; the chart
  // switches between the overall rating and each family's.
  await page.locator(tid('leaderboard-table')).getByRole('link', { name: alice, exact: true }).click();
  await page.waitForSelector(tid('family-rating-blitz'));
  assert.deepEqual(await page.$$eval(`${tid('family-ratings-list')} li`, (l) => l.map((e) => e.dataset.family)), [
    'blitz',
    'rapid',
  ]);
  const blitzRow = await familyRating(page, alice, 'blitz');
  assert.equal(
    await page.textContent(`${tid('family-rating-blitz')} .big`),
    `${Math.round(blitzRating)}${blitzRow.provisional ? '?' : ''}`,
  );
  assert.match(await page.textContent(tid('family-rank-blitz')), /^#\d+ on the leaderboard$/);
  assert.equal(await page.textContent(tid('family-rank-rapid')), 'Not on the leaderboard yet');
  const chart = tid('rating-chart');
  assert.equal(await page.getAttribute(chart, 'data-points'), '7');
  assert.equal(await page.textContent(`${chart} title`), 'Rating history: Overall');
  const select = page.getByRole('combobox', { name: 'Show' });
  await select.selectOption('blitz');
  await page.waitForSelector(`${chart}[data-family="blitz"]`);
  assert.equal(await page.getAttribute(chart, 'data-points'), '6');
  assert.equal(await page.textContent(`${chart} title`), 'Rating history: Blitz');
  assert.match(await page.textContent(`${chart} desc`), /6 rated games/);
  assert.equal(await page.locator(`${tid('rating-table')} tbody tr`).count(), 6);
  await select.selectOption('rapid');
  await page.waitForSelector(`${chart}[data-family="rapid"]`);
  assert.equal(await page.getAttribute(chart, 'data-points'), '1');
  await select.selectOption('');
  await page.waitForSelector(`${chart}[data-family=""]`);
  assert.equal(await page.getAttribute(chart, 'data-points'), '7');
  await page.click(`${tid('rating-table')} summary`);
  await noSideScroll(page, 'profile, desktop');
  await expectNoAxeViolations(page, 'profile with family ratings, desktop');
  await shot(page, 'leaderboard-profile');
  noScriptErrors(page);
});

test('on a phone the boards and the profile fit; in Spanish the page speaks Spanish', async () => {
  const page = await newPage(browser, PHONE, PHONE_OPTIONS);
  try {
    const { alice, bob, dave } = NAMES;
    // The home page links to the boards.
    await page.goto(`${BASE}/`);
    await page.click(tid('home-leaderboard-link'));
    await page.waitForSelector(`${tid('leaderboard-card-bullet')} li[data-name="${dave}"]`);
    await noSideScroll(page, 'leaderboard overview, phone');
    await expectNoAxeViolations(page, 'leaderboard overview, phone');
    await shot(page, 'leaderboard-phone');
    const tab = await page.locator(tid('leaderboard-tab-blitz')).boundingBox();
    assert.ok(tab.height >= 44, `a tab is ${tab.height} px high`);
    await page.click(tid('leaderboard-tab-blitz'));
    await page.waitForSelector(`${tid('leaderboard-table')} tr[data-name="${bob}"]`);
    await noSideScroll(page, 'blitz board, phone');
    await expectNoAxeViolations(page, 'blitz board, phone');
    await page.goto(`${BASE}/#profile=${alice}`);
    await page.waitForSelector(tid('family-rating-blitz'));
    await page.selectOption(tid('chart-family'), 'blitz');
    await page.waitForSelector(`${tid('rating-chart')}[data-family="blitz"]`);
    await noSideScroll(page, 'profile, phone');
    await expectNoAxeViolations(page, 'profile, phone');

    // In Spanish.
    await page.goto(`${BASE}/#leaderboard`);
    await page.selectOption(tid('lang-select'), 'es');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="leaderboard-title"]').textContent === 'Clasificaciones',
    );
    await page.getByRole('link', { name: 'Clasificaciones', exact: true }).waitFor();
    await page.waitForSelector(`${tid('leaderboard-card-blitz')} h2:text("${ES['stats.family.blitz']}")`);
    assert.match(await page.textContent(tid('leaderboard-rules')), /al menos 5 partidas puntuables/);
    await page.click(tid('leaderboard-tab-bullet'));
    const bullet = `Clasificación: ${ES['stats.family.bullet']}`;
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="leaderboard-title"]').textContent === want,
      bullet,
    );
    await page.waitForSelector(`${tid('leaderboard-table')} tr[data-name="${dave}"]`);
    assert.equal(await page.textContent(`${tid('leaderboard-table')} thead th:nth-child(5)`), '7 días');
    await noSideScroll(page, 'bullet board, phone, Spanish');
    await expectNoAxeViolations(page, 'bullet board, phone, Spanish');
    await shot(page, 'leaderboard-phone-es');
    // A board that does not exist says so.
    await page.goto(`${BASE}/#leaderboard=hyperbullet`);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="leaderboard-message"]').textContent === 'Esta clasificación no existe.',
    );
    noScriptErrors(page);
  } finally {
    await page.context().close();
  }
});
