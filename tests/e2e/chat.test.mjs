// A game's chat (docs/ui.md, "Chat"), in real browsers: two players and a
// spectator in their own browser contexts. What one says appears live for
// the others, markup is shown as text, the spectators' chat stays hidden
// from the players until the game ends, a player mutes the other side, a
// spectator reports a message, and a finished game's replay shows it all.
// Then the same on a phone, in French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, tid, shot, expectNoAxeViolations, noScriptErrors } from './helpers.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PASSWORD = 'correct horse 42';
const PHONE = { width: 390, height: 844 };
const TOUCH = { hasTouch: true, isMobile: true };

let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Signs a browser context up (its cookie is the page's).
async function signUp(page, name) {
  const r = await page.request.post(`${BASE}/api/auth/signup`, { data: { name, password: PASSWORD } });
  assert.equal(r.status(), 201, await r.text());
}

// An online game created by the first page's user (White); returns its id.
async function createGame(page) {
  const r = await page.request.post(`${BASE}/api/games`, { data: { mode: 'online', color: 'white' } });
  assert.equal(r.status(), 201, await r.text());
  return (await r.json()).id;
}

// Opens a game and waits for its chat box to be read.
async function open(page, hash) {
  await page.goto(`${BASE}/#${hash}`);
  await page.waitForSelector(`${tid('chat')}:not([hidden])`);
}

const texts = (page, list) => page.$$eval(`${tid(list)} .chat-text`, (e) => e.map((x) => x.textContent));

async function say(page, text, { input = 'Chat', send = 'Send' } = {}) {
  await page.getByRole('textbox', { name: input }).fill(text);
  await page.getByRole('button', { name: send, exact: true }).click();
  await page.waitForFunction(
    ([t]) => [...document.querySelectorAll('[data-testid="chat"] .chat-text')].some((e) => e.textContent === t),
    [text],
  );
}

// Waits (at most `timeout` ms) for a text in a page's list.
function shows(page, list, text, timeout = 1000) {
  return page.waitForFunction(
    ([l, t]) => [...document.querySelectorAll(`[data-testid="${l}"] .chat-text`)].some((e) => e.textContent === t),
    [list, text],
    { timeout },
  );
}

test('two players and a spectator chat live; spectators stay hidden from the players until the end', async () => {
  const ALICE = `ca_${stamp}`;
  const BOB = `cb_${stamp}`;
  const CAROL = `cc_${stamp}`;
  const alice = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 1280, height: 800 });
  const carol = await newPage(browser, { width: 1280, height: 800 });
  await signUp(alice, ALICE);
  await signUp(bob, BOB);
  await signUp(carol, CAROL);
  const id = await createGame(alice);
  await open(alice, `game=${id}`);
  await open(bob, `game=${id}`); // takes the free seat
  await bob.waitForFunction(() => window.dvonn && window.dvonn.state && window.dvonn.state.players.black.name);
  await open(carol, `watch=${id}`);

  // Markup is shown as text, live for the other player and the spectator.
  const html = '<b>hi</b> & <img src=x onerror=alert(1)>';
  await say(alice, html);
  await shows(bob, 'chat-players', html);
  await shows(carol, 'chat-players', html);
  assert.equal(await bob.locator(`${tid('chat-players')} b, ${tid('chat-players')} img`).count(), 0);

  // The spectator's message reaches spectators only while the game runs.
  await say(carol, 'spectators only');
  assert.deepEqual(await texts(carol, 'chat-spectators'), ['spectators only']);
  await say(bob, 'good luck');
  await shows(alice, 'chat-players', 'good luck');
  assert.equal(await alice.isVisible(tid('chat-spectators-section')), false);
  assert.deepEqual(await texts(alice, 'chat-spectators'), []);
  assert.deepEqual(await texts(bob, 'chat-spectators'), []);
  await expectNoAxeViolations(carol, 'chat, spectator');
  await expectNoAxeViolations(bob, 'chat, player');

  // Bob mutes Alice: her messages are hidden in his browser, for this game,
  // also after a reload; the spectator still sees them.
  await bob.getByRole('button', { name: 'Mute opponent' }).click();
  assert.equal(await bob.getAttribute(tid('chat-mute'), 'aria-pressed'), 'true');
  assert.deepEqual(await texts(bob, 'chat-players'), ['good luck']);
  await say(alice, 'while muted');
  await shows(carol, 'chat-players', 'while muted');
  assert.deepEqual(await texts(bob, 'chat-players'), ['good luck']);
  await open(bob, `game=${id}`);
  await bob.reload();
  await bob.waitForSelector(`${tid('chat')}:not([hidden])`);
  await bob.waitForFunction(() => document.querySelectorAll('[data-testid="chat-players"] li').length >= 1);
  assert.deepEqual(await texts(bob, 'chat-players'), ['good luck']);
  await bob.getByRole('button', { name: 'Unmute opponent' }).click();
  assert.deepEqual(await texts(bob, 'chat-players'), [html, 'good luck', 'while muted']);

  // Carol reports Alice's first message, once.
  await carol
    .getByRole('button', { name: `Report the message of ${ALICE}` })
    .first()
    .click();
  await carol.getByRole('button', { name: `Message of ${ALICE} reported` }).waitFor();
  assert.equal(await carol.getByRole('button', { name: `Message of ${ALICE} reported` }).isDisabled(), true);
  const messageId = await carol.getAttribute(`${tid('chat-players')} li:first-child`, 'data-id');
  const again = await carol.request.post(`${BASE}/api/chat/${messageId}/report`, { data: { reason: 'again' } });
  assert.equal(again.status(), 409);
  await shot(carol, 'chat-spectator');

  // The game ends: the players see the spectators' chat now.
  const seat = await alice.request.get(`${BASE}/api/games/${id}/seat`);
  const resign = await alice.request.post(`${BASE}/api/games/${id}/resign`, {
    data: { token: (await seat.json()).token },
  });
  assert.equal(resign.status(), 200, await resign.text());
  await shows(bob, 'chat-spectators', 'spectators only', 5000);
  assert.equal(await bob.isVisible(tid('chat-spectators-section')), true);

  // The replay of the finished game, for anyone: the whole chat.
  const visitor = await newPage(browser, { width: 1280, height: 800 });
  await open(visitor, `watch=${id}`);
  await shows(visitor, 'chat-spectators', 'spectators only', 5000);
  assert.deepEqual(await texts(visitor, 'chat-players'), [html, 'good luck', 'while muted']);
  assert.equal(await visitor.isVisible(tid('chat-form')), false); // not signed in: reads only
  for (const p of [alice, bob, carol, visitor]) noScriptErrors(p);
  for (const p of [alice, bob, carol, visitor]) await p.context().close();
});

test('on a phone, in French: the chat fits below the board with 44 px taps', async () => {
  const ANN = `cf_${stamp}`;
  const BEN = `cg_${stamp}`;
  const ann = await newPage(browser, PHONE, { ...TOUCH, locale: 'fr-FR' });
  const ben = await newPage(browser, PHONE, { ...TOUCH, locale: 'fr-FR' });
  await signUp(ann, ANN);
  await signUp(ben, BEN);
  const id = await createGame(ann);
  await open(ann, `game=${id}`);
  await open(ben, `game=${id}`);
  await ben.waitForFunction(() => window.dvonn && window.dvonn.state && window.dvonn.state.players.black.name);
  await ann.waitForFunction(() => document.documentElement.lang === 'fr');

  const input = ann.getByRole('textbox', { name: 'Discussion' });
  await input.tap();
  await input.fill('Bonne partie !');
  await ann.getByRole('button', { name: 'Envoyer', exact: true }).tap();
  await shows(ben, 'chat-players', 'Bonne partie !');
  await ben.getByRole('button', { name: "Masquer l'adversaire" }).waitFor();

  for (const p of [ann, ben]) {
    for (const sel of [tid('chat-input'), tid('chat-send'), `${tid('chat')} summary`]) {
      const box = await p.locator(sel).boundingBox();
      assert.ok(box && box.height >= 44, `${sel} is ${box && box.height} px high`);
    }
    const report = p.locator(`${tid('chat-players')} [data-testid="chat-report"]`);
    if (await report.count()) assert.ok((await report.first().boundingBox()).height >= 44);
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= PHONE.width, `the page is ${wide} px wide`);
  }
  // The board and the turn bar are still where the game opened.
  await ben.evaluate(() => window.scrollTo(0, 0));
  await ben.locator(tid('board')).scrollIntoViewIfNeeded();
  assert.ok(await ben.isVisible(tid('status')));
  await expectNoAxeViolations(ben, 'chat, phone, French');
  await shot(ben, 'chat-phone-fr');
  for (const p of [ann, ben]) noScriptErrors(p);
  for (const p of [ann, ben]) await p.context().close();
});
