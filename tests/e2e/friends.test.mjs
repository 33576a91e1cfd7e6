// Friends, challenges and notifications (docs/ui.md), in two browsers: A
// (desktop) follows B (a phone) and sees B online; A challenges B, B sees
// the challenge live and accepts, and both land in the game; B challenges
// A, who declines from the bell's list; the profile in French; axe on the
// new screens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  noScriptErrors,
  expectNoAxeViolations,
  signUp,
  noSideScroll,
} from './helpers.mjs';

const stamp = Date.now().toString(36).slice(-5);
const A = `fa_${stamp}`;
const B = `fb_${stamp}`;

let browser, a, b;

before(async () => {
  browser = await launch();
  a = await newPage(browser, { width: 1280, height: 800 });
  b = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await signUp(a, A);
  await signUp(b, B);
});
after(async () => {
  await browser?.close();
});

test('A follows B and sees B online on the friends page', async () => {
  await a.goto(`${BASE}/#profile=${B}`);
  await a.getByRole('button', { name: 'Follow', exact: true }).click();
  await a.getByRole('button', { name: 'Unfollow' }).waitFor();
  await expectNoAxeViolations(a, 'profile with its actions');
  await a.getByRole('link', { name: 'Friends' }).click();
  const row = a.locator(`${tid('friend')}[data-name="${B}"]`);
  await row.locator(tid('friend-status'), { hasText: 'online' }).waitFor();
  await shot(a, 'friends-page');
  await expectNoAxeViolations(a, 'friends page');
  noScriptErrors(a);
});

test('A challenges B; B accepts from the live toast and both land in the game', async () => {
  await a.goto(`${BASE}/#profile=${B}`);
  await a.getByRole('button', { name: 'Challenge', exact: true }).click();
  const dialog = a.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: 'White' }).check();
  await dialog.getByLabel('Clock').selectOption('rt:600:5');
  await expectNoAxeViolations(a, 'challenge dialog');
  await dialog.getByRole('button', { name: 'Send the challenge' }).click();
  await a.locator(tid('challenge-sent')).waitFor();

  // B, on another page of the site, hears of it at once.
  const toast = b.locator(tid('challenge-toast'));
  await toast.waitFor({ timeout: 3000 });
  assert.match(await toast.textContent(), new RegExp(`${A} challenges you: 10\\+5, casual`));
  await shot(b, 'friends-challenge-toast-phone');
  await expectNoAxeViolations(b, 'challenge toast on a phone');
  await noSideScroll(b, 'challenge toast');
  await toast.getByRole('button', { name: 'Accept' }).click();
  await b.waitForFunction(() => location.hash.startsWith('#game='));
  await a.waitForFunction(() => location.hash.startsWith('#game='));
  const id = await b.evaluate(() => location.hash.slice('#game='.length));
  assert.equal(await a.evaluate(() => location.hash.slice('#game='.length)), id);
  const s = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.equal(s.players.white.name, A);
  assert.equal(s.players.black.name, B);
  // Both hold their seats: A (white) sees its turn.
  await a.waitForSelector(`${tid('board')}.interactive`);

  // A's friends page shows B playing, with Watch.
  await a.goto(`${BASE}/#friends`);
  const row = a.locator(`${tid('friend')}[data-name="${B}"]`);
  await row.locator(tid('friend-status'), { hasText: 'playing' }).waitFor();
  await row.getByRole('link', { name: `Watch ${B}’s game` }).waitFor();
  noScriptErrors(a);
  noScriptErrors(b);
});

test('B challenges A, A declines from the bell, B hears the decline', async () => {
  await b.goto(`${BASE}/#profile=${A}`);
  await b.getByRole('button', { name: 'Challenge', exact: true }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Send the challenge' }).click();
  await b.locator(tid('challenge-sent')).waitFor();
  // The bell counts it (the toast is there too; A answers from the list).
  const bell = a.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor();
  await bell.click();
  const panel = a.locator(tid('notifications-panel'));
  await panel.waitFor();
  await shot(a, 'friends-notifications');
  await expectNoAxeViolations(a, 'notifications list');
  const note = panel.locator(`${tid('notification')}[data-kind="challenge"]`).first();
  await note.getByRole('button', { name: 'Decline' }).click();
  await b.locator(tid('challenge-declined')).waitFor({ timeout: 3000 });
  // Answered from the list, its toast goes too.
  await a.locator(tid('challenge-toast')).waitFor({ state: 'detached' });
  await a.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  noScriptErrors(a);
  noScriptErrors(b);
});

test('the header counts players online and games in play; the profile in French', async () => {
  await a.goto(`${BASE}/#profile=${B}`);
  const presence = a.locator(tid('presence'));
  await a.waitForFunction(() => Number(document.querySelector('[data-testid="presence"]').dataset.online) >= 2);
  assert.match(await presence.textContent(), /online · \d+ games? in play/);
  await a.getByTestId('lang-select').selectOption('fr');
  await a.getByRole('button', { name: 'Ne plus suivre' }).waitFor();
  await a.getByRole('button', { name: 'Bloquer' }).waitFor();
  await a.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  assert.match(await presence.textContent(), /en ligne · \d+ parties? en cours/);
  await expectNoAxeViolations(a, 'profile in French');
  await a.getByTestId('lang-select').selectOption('en');
  // Blocking unfollows, and Challenge is off while it stands.
  await a.getByRole('button', { name: 'Block', exact: true }).click();
  await a.getByRole('button', { name: 'Unblock' }).waitFor();
  assert.equal(await a.getByRole('button', { name: 'Challenge', exact: true }).isDisabled(), true);
  await a.getByRole('button', { name: 'Unblock' }).click();
  await a.getByRole('button', { name: 'Follow', exact: true }).waitFor();
  await b.goto(`${BASE}/#friends`);
  await b.locator(tid('friends-empty')).waitFor();
  await noSideScroll(b, 'friends page on a phone');
  await expectNoAxeViolations(b, 'friends page on a phone');
  noScriptErrors(a);
  noScriptErrors(b);
});
