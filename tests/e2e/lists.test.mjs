// The lists say true things: an empty seat of a finished game is an
// anonymous player, not "(nobody yet)"; counts use the language's plural
// forms; the archive shows each player's rating at the time of the game.
// At desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, tid, shot, noScriptErrors } from './helpers.mjs';

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
const ALICE = `lalice_${stamp}`,
  BOB = `lbob_${stamp}`,
  CAROL = `lcarol_${stamp}`;

async function api(page, method, path, data) {
  const r =
    method === 'GET' ? await page.request.get(`${BASE}${path}`) : await page.request.post(`${BASE}${path}`, { data });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

// Alice and Bob play two rated games (Bob resigns both), then Alice opens a
// game nobody has joined; two anonymous players finish a game.
let games = null;
async function setUp() {
  if (games) return games;
  const alice = await newPage(browser),
    bob = await newPage(browser),
    carol = await newPage(browser);
  const su = await api(alice, 'POST', '/api/auth/signup', { name: ALICE, password: 'correct horse 42' });
  assert.equal(su.status, 201, `sign-up of ${ALICE}: ${JSON.stringify(su.body)}`);
  for (const [page, name] of [
    [bob, BOB],
    [carol, CAROL],
  ]) {
    const r = await api(page, 'POST', '/api/auth/signup', { name, password: 'correct horse 42' });
    assert.equal(r.status, 201, `sign-up of ${name}: ${JSON.stringify(r.body)}`);
  }
  const rated = [];
  for (let i = 0; i < 2; i++) {
    const c = await api(alice, 'POST', '/api/games', { mode: 'online', color: 'white', rated: true });
    assert.equal(c.status, 201);
    const j = await api(bob, 'POST', `/api/games/${c.body.id}/join`, {});
    assert.equal(j.status, 200);
    const r = await api(bob, 'POST', `/api/games/${c.body.id}/resign`, { token: j.body.token });
    assert.equal(r.status, 200);
    rated.push({ id: c.body.id, changes: r.body.rating_changes || r.body.state.rating_changes });
  }
  const waiting = await api(alice, 'POST', '/api/games', { mode: 'online', color: 'white' });
  // Anonymous players: no session at all.
  const anonCreate = await fetch(`${BASE}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'online', color: 'white' }),
  });
  const anon = await anonCreate.json();
  const anonJoin = await (
    await fetch(`${BASE}/api/games/${anon.id}/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
  ).json();
  const anonEnd = await fetch(`${BASE}/api/games/${anon.id}/resign`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: anonJoin.token }),
  });
  assert.equal(anonEnd.status, 200, await anonEnd.text());
  const now = { alice: (await api(alice, 'GET', `/api/users/${ALICE}`)).body.user.rating };
  for (const p of [alice, bob, carol]) await p.context().close();
  games = { rated, waiting: waiting.body.id, anon: anon.id, now };
  return games;
}

const item = (page, id) => page.locator(`${tid('game-item')}[data-id="${id}"]`);

for (const [label, viewport, opts] of SIZES) {
  test(`the archive shows the ratings of the time and anonymous players (${label})`, async () => {
    const g = await setUp();
    const [first, second] = g.rated;
    assert.equal(first.changes.white.before, 1500);
    assert.notEqual(Math.round(g.now.alice), 1500, "Alice's rating changed since");
    const page = await newPage(browser, viewport, opts);
    await page.goto(`${BASE}/#archive&player=${ALICE}`);
    await item(page, first.id).waitFor();
    const who = (id) => item(page, id).locator('.who').textContent();
    assert.equal(await who(first.id), `${ALICE} (1500) vs ${BOB} (1500)`);
    assert.equal(
      await who(second.id),
      `${ALICE} (${Math.round(second.changes.white.before)}) vs ${BOB} (${Math.round(second.changes.black.before)})`,
    );
    assert.notEqual(Math.round(second.changes.white.before), 1500);
    // The anonymous game: its seats were taken, by players without accounts.
    await page.goto(`${BASE}/#archive`);
    await item(page, g.anon).waitFor();
    const anon = await item(page, g.anon).locator('.who').textContent();
    assert.equal(anon, 'anonymous vs anonymous');
    assert.equal(
      await page.locator(`${tid('archive-list')} .nobody`).count(),
      0,
      'no "(nobody yet)" in finished games',
    );
    await shot(page, `46-archive-${label}`);
    noScriptErrors(page);
    await page.context().close();
  });
}

test('a free seat of a game not started is "(nobody yet)"; counts are plural by language', async () => {
  const g = await setUp();
  const page = await newPage(browser, SIZES[0][1]);
  const login = await api(page, 'POST', '/api/auth/login', { name: ALICE, password: 'correct horse 42' });
  assert.equal(login.status, 200, `log-in: ${JSON.stringify(login.body)}`);
  await page.goto(`${BASE}/#mygames`);
  await page.waitForFunction(() => window.dvonn !== undefined);
  await item(page, g.waiting)
    .waitFor({ timeout: 15000 })
    .catch(async () => {
      assert.fail(
        `the waiting game is not listed; the page says: ${await page.getByTestId('mygames-message').textContent()}`,
      );
    });
  assert.equal(
    await item(page, g.waiting).locator('.who').textContent(),
    `${ALICE} (${Math.round(g.now.alice)}) vs (nobody yet)`,
  );

  // Plurals: 2 rated games, 0 rated games, and French, where 0 is singular.
  const deviation = () => page.getByTestId('profile-deviation').textContent();
  await page.goto(`${BASE}/#profile=${ALICE}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="profile-deviation"]').textContent !== '');
  assert.match(await deviation(), /, 2 rated games$/);
  await page.goto(`${BASE}/#profile=${CAROL}`);
  await page
    .waitForFunction(() => /0 rated/.test(document.querySelector('[data-testid="profile-deviation"]').textContent))
    .catch(async (e) => {
      const said = await page.getByTestId('profile-message').textContent();
      const shown = await page.getByTestId('profile-deviation').textContent();
      assert.fail(
        `${e.message}; the profile says "${said}", deviation "${shown}", hash ${await page.evaluate(() => location.hash)}`,
      );
    });
  assert.match(await deviation(), /, 0 rated games$/);
  await page.getByTestId('lang-select').selectOption('fr');
  await page.waitForFunction(() =>
    /partie/.test(document.querySelector('[data-testid="profile-deviation"]').textContent),
  );
  assert.match(await deviation(), /, 0 partie classée$/);
  await page.getByTestId('lang-select').selectOption('en');
  // One game: singular.
  const one = `lone_${stamp}`;
  const p2 = await newPage(browser);
  await api(p2, 'POST', '/api/auth/signup', { name: one, password: 'correct horse 42' });
  const c = await api(p2, 'POST', '/api/games', { mode: 'engine', level: 1, color: 'white', rated: true });
  assert.equal((await api(p2, 'POST', `/api/games/${c.body.id}/resign`, { token: c.body.token })).status, 200);
  await page.goto(`${BASE}/#profile=${one}`);
  // Until the new profile arrives the element still shows Carol's "0 rated
  // games" (which /rated game/ would match): wait for one game's words.
  await page
    .waitForFunction(
      () => /, 1 rated game$/.test(document.querySelector('[data-testid="profile-deviation"]').textContent),
      null,
      { timeout: 10000 },
    )
    .catch(() => {});
  assert.match(await deviation(), /, 1 rated game$/);
  const singular = { fr: ', 1 partie classée', nl: ', 1 partij met rating', es: ', 1 partida puntuable' };
  for (const lang of ['fr', 'nl', 'es']) {
    await page.getByTestId('lang-select').selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // The text is redrawn after the language switch: wait for this language's
    // words (the previous language's text has no "rated" either), then check it.
    await page
      .waitForFunction(
        (end) => document.querySelector('[data-testid="profile-deviation"]').textContent.endsWith(end),
        singular[lang],
        { timeout: 5000 },
      )
      .catch(() => {});
    assert.ok((await deviation()).endsWith(singular[lang]), `${lang}: ${await deviation()}`);
  }
  await page.getByTestId('lang-select').selectOption('en');
  noScriptErrors(page);
  await page.context().close();
  await p2.context().close();
});

test('my games come a page at a time: "More games" shows the rest, then goes', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  const name = `lmany_${stamp}`;
  const g = await api(page, 'POST', '/api/auth/guest', { name });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  // More than a page (50) of unfinished games, all the user's move.
  const ids = new Set();
  for (let i = 0; i < 53; i++) {
    const c = await api(page, 'POST', '/api/games', { mode: 'local' });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    ids.add(c.body.id);
  }
  await page.goto(`${BASE}/#mygames`);
  const items = page.locator(`${tid('mygames-myturn')} ${tid('game-item')}`);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="mygames-myturn"] [data-testid="game-item"]').length > 0,
  );
  assert.equal(await items.count(), 50);
  const more = page.getByTestId('mygames-more');
  assert.equal(await more.isVisible(), true, 'a "More games" button under a full page');
  // The badge counts every game, not the page.
  await page.waitForFunction(() => document.querySelector('[data-testid="mygames-count"]').textContent === '53');
  await more.click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="mygames-myturn"] [data-testid="game-item"]').length === 53,
  );
  assert.equal(await more.isVisible(), false, 'no button once every game is shown');
  const shown = await items.evaluateAll((els) => els.map((e) => e.dataset.id));
  assert.deepEqual(new Set(shown), ids, 'each game once');
  noScriptErrors(page);
  await page.context().close();
});
