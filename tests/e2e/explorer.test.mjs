// The placement explorer (docs/ui.md "Placement explorer") in real
// browsers: two players finish an online game, and its placements show up
// in the explorer: going forward by the table's rows and by the board,
// Back and Start, a filter that changes the counts, the engine's view
// arriving, the bundled engine games as a second source, and the way to
// and from the analysis board; then a phone (touch, 390x844) and a run in
// Spanish with a bad position link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  signUp,
  noScriptErrors,
  expectNoAxeViolations,
  noSideScroll,
} from './helpers.mjs';

// Our game's placements: the last two are unlikely to be in any other
// test's games.
const LINE = ['K3', 'A3', 'I1', 'C5', 'G1', 'E5'];
const EMPTY = '9/10/11/10/9 place w';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const position = (page) => page.getAttribute(tid('explorer'), 'data-position');
const row = (page, move) => page.locator(`${tid('explorer-moves')} tr[data-move-row="${move}"]`);

async function api(page, method, url, body) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const r = await fetch(url, {
        method,
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: r.status, json: await r.json() };
    },
    { method, url, body },
  );
}

// Waits for the table of the position shown to be loaded.
async function loaded(page) {
  await page.waitForSelector(`${tid('explorer')}[data-loaded="true"]`);
}

async function goForward(page, move, how = 'click') {
  const before = await position(page);
  await page.getByRole('button', { name: new RegExp(`^(Place on|Colocar en) ${move}:`) })[how]();
  await page.waitForFunction((p) => document.querySelector('[data-testid="explorer"]').dataset.position !== p, before);
  await loaded(page);
}

test('a finished game reaches the explorer; rows, Back, Start, filters, engine view and source', async () => {
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, { width: 1280, height: 800 });
  const stamp = Date.now().toString(36).slice(-6);
  await signUp(a, `exa${stamp}`);
  await signUp(b, `exb${stamp}`);
  // Ann (White) and Bob play the line, then Ann resigns: Black wins.
  const made = await api(a, 'POST', '/api/games', { mode: 'online', color: 'white' });
  assert.equal(made.status, 201, JSON.stringify(made.json));
  const id = made.json.id;
  const joined = await api(b, 'POST', `/api/games/${id}/join`, {});
  assert.equal(joined.status, 200, JSON.stringify(joined.json));
  const tokens = [made.json.token, joined.json.token];
  for (let i = 0; i < LINE.length; i++) {
    const page = i % 2 ? b : a;
    const r = await api(page, 'POST', `/api/games/${id}/moves`, { token: tokens[i % 2], move: LINE[i] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  assert.equal((await api(a, 'POST', `/api/games/${id}/resign`, { token: tokens[0] })).status, 200);

  // The finished game's page links to the explorer.
  await a.goto(`${BASE}/#game=${id}`);
  await a.getByRole('link', { name: 'Explore placements' }).click();
  await a.getByRole('heading', { name: 'Placement explorer' }).waitFor();
  await loaded(a);
  // From the start, forward through the game's placements by the rows.
  if ((await position(a)) !== EMPTY) {
    await a.getByRole('button', { name: 'Start', exact: true }).click();
    await a.waitForFunction((p) => document.querySelector('[data-testid="explorer"]').dataset.position === p, EMPTY);
    await loaded(a);
  }
  for (const m of LINE.slice(0, 5)) {
    // The index is filled as the game ends, in the background: ask again
    // until it is there.
    await a.waitForFunction(
      (m) => {
        if (document.querySelector(`[data-testid="explorer-moves"] tr[data-move-row="${m}"]`)) return true;
        document.querySelector('[data-testid="explorer-source"]').dispatchEvent(new Event('change'));
        return false;
      },
      m,
      { timeout: 20000, polling: 1000 },
    );
    await goForward(a, m);
  }
  assert.equal(await a.textContent(tid('explorer-line')), LINE.slice(0, 5).join(' '));
  const last = row(a, 'E5');
  await last.waitFor();
  const games = Number(await last.locator('td').nth(1).textContent());
  assert.ok(games >= 1);
  // The score column is the mover's score, as the API gives it.
  const answer = await api(a, 'GET', `/api/explorer?position=${encodeURIComponent(await position(a))}`);
  const e5 = answer.json.moves.find((m) => m.move === 'E5');
  assert.equal(await last.locator('td').nth(3).textContent(), `${e5.score}%`);
  await expectNoAxeViolations(a, 'explorer');

  // A filter changes the counts: our players are rated 1500, not 1800 and up.
  await a.selectOption(tid('explorer-band'), '1800-up');
  await loaded(a);
  assert.equal(await row(a, 'E5').count(), 0);
  await a.selectOption(tid('explorer-band'), 'all');
  await loaded(a);
  await row(a, 'E5').waitFor();
  await a.selectOption(tid('explorer-family'), 'bullet');
  await loaded(a);
  assert.equal(await row(a, 'E5').count(), 0);
  await a.selectOption(tid('explorer-family'), 'all');
  await loaded(a);

  // The engine's view arrives in the rows.
  await a.waitForFunction(
    () => /\d/.test(document.querySelector('[data-testid="explorer-eval-E5"]')?.textContent || ''),
    null,
    { timeout: 90000 },
  );
  await a.locator(tid('explorer-engine-box')).waitFor();
  await expectNoAxeViolations(a, 'explorer with the engine view');
  await shot(a, 'explorer-desktop');

  // Back, then Start.
  await a.getByRole('button', { name: 'Back', exact: true }).click();
  await loaded(a);
  assert.equal(await a.textContent(tid('explorer-line')), LINE.slice(0, 4).join(' '));
  await a.getByRole('button', { name: 'Start', exact: true }).click();
  await loaded(a);
  assert.equal(await position(a), EMPTY);
  assert.ok(await a.getByRole('button', { name: 'Back', exact: true }).isDisabled());

  // The engine games: rows at the start, the players' filters off.
  await a.selectOption(tid('explorer-source'), 'engine');
  await loaded(a);
  assert.ok((await a.locator(`${tid('explorer-moves')} tr`).count()) > 0);
  assert.ok(await a.locator(tid('explorer-band')).isDisabled());
  assert.match(await a.textContent(tid('explorer-total')), /[1-9]/);
  await a.selectOption(tid('explorer-source'), 'players');
  await loaded(a);

  // To the analysis board and back.
  await goForward(a, 'K3');
  await a.getByRole('link', { name: 'Analysis board' }).click();
  await a.getByRole('heading', { name: 'Analysis board' }).waitFor();
  assert.match(await a.getAttribute(tid('analysis'), 'data-position'), / place b$/);
  await a.getByRole('link', { name: 'Explore placements' }).click();
  await a.getByRole('heading', { name: 'Placement explorer' }).waitFor();
  await loaded(a);
  assert.match(await position(a), / place b$/);
  // A game record pasted in: the explorer walks along its placements.
  await a.fill(tid('explorer-input'), '[Setup "standard"]\n1. C3 E3 2. G3 ; three Dvonn pieces');
  await a.getByRole('button', { name: 'Explore', exact: true }).click();
  await a.waitForFunction(() => document.querySelector('[data-testid="explorer-line"]').textContent === 'C3 E3 G3');
  await loaded(a);
  noScriptErrors(a);
  noScriptErrors(b);
  await a.context().close();
  await b.context().close();
});

test('on a phone: placing by touch and by rows, no sideways scroll, big enough taps', async () => {
  const p = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await p.goto(`${BASE}/#explorer`);
  await p.getByRole('heading', { name: 'Placement explorer' }).waitFor();
  await loaded(p);
  // The board: tap an empty space to place there.
  await p.locator(`${tid('explorer-board')} [data-square="C3"]`).tap();
  await p.waitForFunction(() => document.querySelector('[data-testid="explorer-line"]').textContent === 'C3');
  await loaded(p);
  // The engine games always have rows here.
  await p.selectOption(tid('explorer-source'), 'engine');
  await loaded(p);
  await p.getByRole('button', { name: 'Start', exact: true }).tap();
  await loaded(p);
  const first = p.locator(`${tid('explorer-moves')} button`).first();
  const move = await first.getAttribute('data-move');
  await noSideScroll(p, 'explorer on a phone');
  for (const sel of [`${tid('explorer-moves')} button`, tid('explorer-back'), tid('explorer-source')]) {
    const box = await p.locator(sel).first().boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${sel} is ${box.width}x${box.height}`);
  }
  await first.tap();
  await p.waitForFunction((m) => document.querySelector('[data-testid="explorer-line"]').textContent === m, move);
  await loaded(p);
  await noSideScroll(p, 'explorer on a phone, after a placement');
  await shot(p, 'explorer-phone');
  await expectNoAxeViolations(p, 'explorer on a phone');
  noScriptErrors(p);
  await p.context().close();
});

test('in Spanish: the page by its names, and a bad position link explained', async () => {
  const e = await newPage(browser, { width: 1280, height: 800 }, { locale: 'es-ES' });
  await e.goto(`${BASE}/#explorer?position=nonsense`);
  await e.waitForFunction(() => document.documentElement.lang === 'es');
  await e.getByRole('heading', { name: 'Explorador de colocaciones' }).waitFor();
  const alert = e.locator(tid('explorer-error'));
  await alert.waitFor();
  assert.match(await alert.textContent(), /no se puede explorar/);
  await loaded(e);
  assert.equal(await position(e), EMPTY);
  await e.selectOption(tid('explorer-source'), 'engine');
  await loaded(e);
  const move = await e
    .locator(`${tid('explorer-moves')} button`)
    .first()
    .getAttribute('data-move');
  await goForward(e, move);
  await e.getByRole('button', { name: 'Atrás', exact: true }).click();
  await loaded(e);
  assert.equal(await position(e), EMPTY);
  // A record that does not parse, and one with an illegal placement:
  // explained, nothing changes.
  await e.fill(tid('explorer-input'), '1. E3 ZZ9');
  await e.getByRole('button', { name: 'Explorar', exact: true }).click();
  await e.locator(tid('explorer-input-error')).waitFor();
  assert.match(await e.textContent(tid('explorer-input-error')), /«ZZ9» no es una jugada/);
  await e.fill(tid('explorer-input'), '1. E3 E3');
  await e.getByRole('button', { name: 'Explorar', exact: true }).click();
  await e.waitForFunction(() =>
    /jugada 2 \(E3\) no es legal/.test(document.querySelector('[data-testid="explorer-input-error"]').textContent),
  );
  assert.equal(await position(e), EMPTY);
  await expectNoAxeViolations(e, 'explorer in Spanish');
  noScriptErrors(e);
  await e.context().close();
});
