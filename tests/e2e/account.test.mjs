// Your account and the profile's statistics (docs/community-api.md, "Your
// account"), in real browsers: two players finish a game, the statistics
// show on a profile at phone size, a password change logs out the other
// browser, the download of all games is a file of records, and a deleted
// account cannot log in while its game stays under "deleted player"; once
// in French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BASE, launch, newPage, tid, noScriptErrors, expectNoAxeViolations, signUp, PASSWORD } from './helpers.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { hasTouch: true, isMobile: true };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function logIn(page, name, password) {
  await page.goto(`${BASE}/#login`);
  await page.fill(tid('login-name'), name);
  await page.fill(tid('login-password'), password);
  await page.click(tid('login-submit'));
}

// The page's own API calls (with its session cookie).
const post = (page, path, body) =>
  page.evaluate(
    async ([p, b]) => {
      const r = await fetch(p, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [path, body],
  );

// A game `white` creates and `black` joins; white places one piece, black
// one, then `loser` resigns.
async function finishGame(white, black, loser) {
  const created = await post(white, '/api/games', { mode: 'online', color: 'white' });
  assert.equal(created.status, 201);
  const id = created.body.id;
  const joined = await post(black, `/api/games/${id}/join`, {});
  assert.equal(joined.status, 200);
  assert.equal((await post(white, `/api/games/${id}/moves`, { token: created.body.token, move: 'E3' })).status, 200);
  const s = await black.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), id);
  assert.equal(
    (await post(black, `/api/games/${id}/moves`, { token: joined.body.token, move: s.legal[0] })).status,
    200,
  );
  const token = loser === white ? created.body.token : joined.body.token;
  assert.equal((await post(loser, `/api/games/${id}/resign`, { token })).status, 200);
  return id;
}

async function noSidewaysScroll(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide}px`);
}

test('statistics, password change, download and deletion', async () => {
  const ann = `ann_${stamp}`;
  const ben = `ben_${stamp}`;
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, PHONE, PHONE_OPTIONS);
  await signUp(a, ann);
  await signUp(b, ben);
  const games = [await finishGame(a, b, b), await finishGame(b, a, b), await finishGame(a, b, a)];

  // Ben sees Ann's statistics at phone size: two wins in a row, then a loss.
  await b.goto(`${BASE}/#profile=${ann}`);
  const stats = b.getByRole('region', { name: 'Statistics' });
  await stats.waitFor();
  const colors = stats.getByRole('table', { name: 'As White and as Black' });
  await colors.getByRole('row', { name: /White/ }).waitFor();
  assert.deepEqual(await colors.getByRole('row', { name: /White/ }).getByRole('cell').allTextContents(), [
    '2',
    '1',
    '1',
    '0',
  ]);
  assert.deepEqual(await colors.getByRole('row', { name: /Black/ }).getByRole('cell').allTextContents(), [
    '1',
    '1',
    '0',
    '0',
  ]);
  assert.match(await b.textContent(tid('stats-summary')), /Longest winning streak: 2; current: 0/);
  const opponents = stats.getByRole('table', { name: 'Opponents met most often' });
  assert.deepEqual(
    await opponents
      .getByRole('row', { name: new RegExp(ben) })
      .getByRole('cell')
      .allTextContents(),
    ['3', '2', '1', '0'],
  );
  await stats
    .getByRole('table', { name: 'By time control' })
    .getByRole('row', { name: /No clock/ })
    .waitFor();
  await noSidewaysScroll(b);
  await expectNoAxeViolations(b, 'profile statistics on a phone');

  // Ann, logged in a second time elsewhere, changes her password here.
  const a2 = await newPage(browser, { width: 1280, height: 800 });
  await logIn(a2, ann, PASSWORD);
  await a2.waitForSelector(`body[data-user="${ann}"]`);
  await a.getByRole('link', { name: 'Account' }).click();
  await a.getByRole('heading', { name: 'Your account' }).waitFor();
  await expectNoAxeViolations(a, 'your account');
  await a.getByLabel('Current password').fill('not my password');
  await a.getByLabel('New password').fill('a new password 7');
  await a.getByRole('button', { name: 'Change password' }).click();
  await a.getByText('Wrong password').waitFor();
  await a.getByLabel('Current password').fill(PASSWORD);
  await a.getByLabel('New password').fill('a new password 7');
  await a.getByRole('button', { name: 'Change password' }).click();
  await a.getByText('Password changed.').waitFor();
  // The other browser is logged out at once (over /ws/me); this one is not.
  await a2.waitForSelector('body[data-user=""]', { timeout: 5000 });
  assert.equal(await a.evaluate(async () => (await (await fetch('/api/me')).json()).user.name), ann);
  await logIn(a2, ann, PASSWORD);
  await a2.waitForFunction(() => document.querySelector('[data-testid="login-error"]').textContent !== '');
  assert.equal(await a2.evaluate(() => document.body.dataset.user), '');
  await logIn(a2, ann, 'a new password 7');
  await a2.waitForSelector(`body[data-user="${ann}"]`);

  // Download every game: a file of three records, oldest first.
  const [download] = await Promise.all([
    a.waitForEvent('download'),
    a.getByRole('link', { name: 'Download my games' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `dvonn-games-${ann}.txt`);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const records = text.split(/\n(?=\[Event )/);
  assert.equal(records.length, 3, text);
  records.forEach((r, i) => {
    assert.match(r, new RegExp(`\\[Site "game ${games[i]}"\\]`));
    assert.match(r, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
    assert.match(r, /\[TimeControl "untimed"\]/);
    assert.match(r, /1\. E3 /);
  });

  // Delete: a confirmation first; a wrong word is refused.
  await a.getByRole('button', { name: 'Delete my account…' }).click();
  await a.getByLabel('Your password').fill('a new password 7');
  await a.getByLabel('Type DELETE to confirm').fill('delete');
  await a.getByRole('button', { name: 'Delete my account for good' }).click();
  await a.getByText('Type DELETE (in capitals) to confirm').waitFor();
  await expectNoAxeViolations(a, 'delete confirmation');
  await a.getByLabel('Type DELETE to confirm').fill('DELETE');
  await a.getByRole('button', { name: 'Delete my account for good' }).click();
  await a.waitForSelector('body[data-user=""]');
  await logIn(a, ann, 'a new password 7');
  await a.waitForFunction(() => document.querySelector('[data-testid="login-error"]').textContent !== '');
  // Ben's profile lists the game against "deleted player", without a link.
  await b.goto(`${BASE}/#profile=${ben}`);
  await b
    .locator(`${tid('profile-games')} .pl.deleted`)
    .first()
    .waitFor();
  assert.equal(await b.locator(`${tid('profile-games')} a[href="#profile=${ann}"]`).count(), 0);
  await b.goto(`${BASE}/#profile=${ann}`);
  await b.waitForFunction(() => document.querySelector('[data-testid="profile-message"]').textContent !== '');
  noScriptErrors(a);
  noScriptErrors(b);
  for (const p of [a, a2, b]) await p.context().close();
});

test('a guest deletes itself in French, confirming only', async () => {
  const page = await newPage(browser, PHONE, { ...PHONE_OPTIONS, locale: 'fr-FR' });
  const name = `gst_${stamp}`;
  await page.goto(`${BASE}/#guest`);
  await page.fill(tid('guest-name'), name);
  await page.click(tid('guest-submit'));
  await page.waitForSelector(`body[data-user="${name}"]`);
  await page.getByRole('link', { name: 'Compte' }).click();
  await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
  // No password to change or to give.
  assert.equal(await page.getByRole('button', { name: 'Changer le mot de passe' }).count(), 0);
  await page.getByRole('button', { name: 'Supprimer mon compte…' }).click();
  assert.ok(await page.getByLabel('Votre mot de passe').isHidden());
  const box = await page.getByRole('button', { name: 'Supprimer mon compte définitivement' }).boundingBox();
  assert.ok(box.height >= 44, `the button is ${box.height}px high`);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, 'account page in French on a phone');
  await page.getByLabel('Tapez DELETE pour confirmer').fill('DELETE');
  await page.getByRole('button', { name: 'Supprimer mon compte définitivement' }).click();
  await page.waitForSelector('body[data-user=""]');
  noScriptErrors(page);
  await page.context().close();
});
