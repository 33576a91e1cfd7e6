// Being told it is your move: the tab title, a sound (off until chosen), a
// notification while the page is in the background (permission asked only
// on the click that turns it on), and the count of games waiting for me in
// the header; at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, waitState, clickMove, waitMyTurn, shot, noScriptErrors } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36).slice(-5);

// Records what the page asks of the browser: oscillators started (sounds),
// notifications shown, permission requests (the prompt answered "Allow");
// and lets the test say the page
// is in the background (window.__hidden).
function observe() {
  window.__beeps = 0;
  window.__notes = [];
  window.__asks = 0;
  window.__hidden = false;
  const AC = window.AudioContext;
  if (AC) {
    const create = AC.prototype.createOscillator;
    AC.prototype.createOscillator = function () {
      const o = create.call(this);
      const start = o.start.bind(o);
      o.start = (...a) => {
        window.__beeps++;
        return start(...a);
      };
      return o;
    };
  }
  // The browser's prompt, answered "Allow" (and remembered, as browsers do).
  class Recorded {
    constructor(title, opts) {
      window.__notes.push({ title, body: opts && opts.body });
    }
    close() {}
    static get permission() {
      return localStorage.getItem('test:permission') || 'default';
    }
    static requestPermission() {
      window.__asks++;
      localStorage.setItem('test:permission', 'granted');
      return Promise.resolve('granted');
    }
  }
  window.Notification = Recorded;
  Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
}

async function player(viewport, opts, name) {
  const page = await newPage(browser, viewport, opts);
  await page.context().addInitScript(observe);
  const r = await page.request.post(`${BASE}/api/auth/signup`, { data: { name, password: 'correct horse 42' } });
  // A refused sign-up fails the test (it must never pass by skipping).
  assert.equal(r.status(), 201, `sign-up of ${name}: ${await r.text()}`);
  return page;
}

const title = (page) => page.evaluate(() => document.title);
const badge = (page) =>
  page.evaluate(() => {
    const b = document.querySelector('[data-testid="mygames-count"]');
    return b.hidden ? 0 : Number(b.textContent);
  });

for (const [label, viewport, opts] of [
  ['desktop', DESKTOP, {}],
  ['phone', PHONE, { hasTouch: true, isMobile: true }],
]) {
  test(`the player whose move it is is told so (${label})`, async () => {
    const white = await player(DESKTOP, {}, `wa_${label[0]}${stamp}`);
    const black = await player(viewport, opts, `ba_${label[0]}${stamp}`);
    const r = await white.request.post(`${BASE}/api/games`, { data: { mode: 'online', color: 'white' } });
    assert.equal(r.status(), 201);
    const { id } = await r.json();
    await white.goto(`${BASE}/#game=${id}`);
    await white.waitForFunction(() => window.dvonn && window.dvonn.seat === 'white');
    await black.goto(`${BASE}/#game=${id}`);
    await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
    await waitState(white, (s) => s.started !== false);
    await waitMyTurn(white);

    // The title says whose move it is; the header counts the games waiting.
    await white.waitForFunction(() => document.title === '● Your move — DVONN');
    assert.equal(await title(black), 'DVONN');
    await white.waitForFunction(() => document.querySelector('[data-testid="mygames-count"]').textContent === '1');
    assert.equal(
      await white.getAttribute('[data-testid="mygames-count"]', 'aria-label'),
      '1 game waiting for your move',
    );
    assert.equal(await badge(black), 0);

    // Nothing on by default, and no permission asked without a click.
    const sound = black.getByRole('checkbox', { name: 'Play a sound' });
    const notify = black.getByRole('checkbox', { name: 'Notify me while this page is in the background' });
    assert.equal(await sound.isChecked(), false);
    assert.equal(await notify.isChecked(), false);
    assert.equal(await black.evaluate(() => window.__asks), 0);

    // White plays: Black's turn, but no sound (off) and no notification.
    await clickMove(white, 'C5');
    await black.waitForFunction(() => document.title === '● Your move — DVONN');
    await white.waitForFunction(() => document.title === 'DVONN');
    await black.waitForFunction(() => document.querySelector('[data-testid="mygames-count"]').textContent === '1');
    await white.waitForFunction(() => document.querySelector('[data-testid="mygames-count"]').hidden);
    assert.equal(await black.evaluate(() => window.__beeps), 0);
    assert.deepEqual(await black.evaluate(() => window.__notes), []);

    // Black turns both on (the click asks for permission), then plays.
    if (opts.hasTouch) {
      await sound.tap();
      await notify.tap();
    } else {
      await sound.check();
      await notify.check();
    }
    await black.waitForFunction(() => window.__asks === 1);
    assert.equal(await notify.isChecked(), true);
    assert.equal(await sound.isChecked(), true);
    await clickMove(black, 'E3');
    assert.equal(await black.evaluate(() => window.__beeps), 0, 'no sound for my own move');

    // In the foreground: the sound, no notification.
    await clickMove(white, 'F3');
    await black.waitForFunction(() => window.__beeps === 1);
    assert.deepEqual(await black.evaluate(() => window.__notes), []);
    await clickMove(black, 'G3');
    // In the background: a notification saying what White played.
    await black.evaluate(() => {
      window.__hidden = true;
    });
    await clickMove(white, 'H3');
    await black.waitForFunction(() => window.__notes.length === 1);
    const [note] = await black.evaluate(() => window.__notes);
    assert.equal(note.title, 'Your move');
    assert.equal(note.body, `wa_${label[0]}${stamp} played H3.`);
    assert.equal(await black.evaluate(() => window.__beeps), 2);
    await shot(black, `45-your-move-${label}`);

    // The choices are remembered; the title follows the language.
    await black.evaluate(() => {
      window.__hidden = false;
    });
    await black.reload();
    await black.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
    await waitMyTurn(black);
    assert.equal(await black.getByTestId('sound-toggle').isChecked(), true);
    assert.equal(await black.getByTestId('notify-toggle').isChecked(), true);
    assert.equal(await black.evaluate(() => window.__beeps + window.__notes.length), 0, 'nothing on opening a game');
    await black.getByTestId('lang-select').selectOption('fr');
    await black.waitForFunction(() => document.title === '● À vous de jouer — DVONN');
    await black.waitForFunction(
      () =>
        document.querySelector('[data-testid="mygames-count"]').getAttribute('aria-label') ===
        '1 partie attend votre coup',
    );
    // Leaving the game: the title is the site's again.
    await black.goto(`${BASE}/#lobby`);
    await black.waitForFunction(() => document.title === 'DVONN');
    for (const p of [white, black]) {
      noScriptErrors(p);
      await p.context().close();
    }
  });
}
