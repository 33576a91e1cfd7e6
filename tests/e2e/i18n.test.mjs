// Languages: the UI and the rules page follow the browser's language, a
// switch in the header changes it, and the choice is remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  startGame,
  waitMyTurn,
  noScriptErrors,
  noConsoleErrors,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const i18nDir = path.join(here, '..', '..', 'web', 'i18n');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('every language file has every English key, with the same {placeholders}', () => {
  const en = JSON.parse(fs.readFileSync(path.join(i18nDir, 'en.json'), 'utf8'));
  const holes = (s) =>
    [...s.matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  for (const f of fs.readdirSync(i18nDir).filter((n) => n.endsWith('.json'))) {
    const d = JSON.parse(fs.readFileSync(path.join(i18nDir, f), 'utf8'));
    assert.ok(d['language.name'], `${f} names its language`);
    for (const k of Object.keys(en)) {
      assert.ok(k in d, `${f} lacks ${k}`);
      assert.equal(holes(d[k]), holes(en[k]), `${f} ${k}: placeholders`);
    }
    for (const k of Object.keys(d)) assert.ok(k in en, `${f} has ${k}, which en.json lacks`);
  }
});

test('a French browser gets French; the switch changes to Dutch and Spanish and remembers it', async () => {
  const page = await newPage(browser, { width: 1280, height: 900 }, { locale: 'fr-FR' });
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.equal(await page.textContent(tid('new-game-link')), 'Nouvelle partie');
  assert.equal(await page.textContent('#home-title'), 'Jouer à DVONN');
  assert.equal(await page.textContent(tid('start')), 'Commencer la partie');
  assert.equal(await page.inputValue(tid('lang-select')), 'fr');
  const names = await page.$$eval(`${tid('lang-select')} option`, (o) => o.map((e) => e.textContent));
  for (const n of ['English', 'Français', 'Nederlands', 'Español']) assert.ok(names.includes(n), `${n} in ${names}`);
  await shot(page, '30-home-fr');

  // The game screen speaks French too (status line, board labels).
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  await waitMyTurn(page);
  assert.match(await page.textContent(tid('status')), /À vous : placer un pion DVONN/);
  assert.equal(await page.textContent(tid('left-white')), '25 à placer');
  assert.equal(await page.getAttribute(tid('board'), 'aria-label'), 'Plateau de DVONN');
  await page.click('[data-testid="board"] [data-square="E3"]');
  await page.waitForFunction(() => window.dvonn.state.moves.length >= 1);
  // Typed moves keep the notation; errors are French.
  await page.fill(tid('move-input'), 'Z9');
  await page.click(tid('move-submit'));
  assert.match(await page.textContent(tid('message')), /n'est pas un coup/);

  // The rules page, in French.
  await page.goto(`${BASE}/rules.html`);
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.equal(await page.textContent('h1'), 'Comment jouer à DVONN');
  assert.match(await page.textContent('main'), /pions DVONN/);
  assert.match(await page.textContent('main'), /<?A1B2/);

  // Switch to Dutch on the rules page; the home page follows, and a reload keeps it.
  await page.selectOption(tid('lang-select'), 'nl');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Zo speel je DVONN');
  assert.match(await page.textContent('main'), /DVONN-stuk/);
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => document.documentElement.lang === 'nl');
  assert.equal(await page.textContent(tid('new-game-link')), 'Nieuw spel');
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'nl');
  assert.equal(await page.textContent(tid('new-game-link')), 'Nieuw spel');

  // Spanish from the header of the home page, then a reload.
  await page.selectOption(tid('lang-select'), 'es');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="new-game-link"]').textContent === 'Nueva partida',
  );
  assert.equal(await page.textContent(tid('lobby-link')), 'Sala');
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.equal(await page.textContent(tid('start')), 'Empezar la partida');
  await page.goto(`${BASE}/#lobby`);
  assert.equal(await page.textContent('#lobby-title'), 'Sala');
  await page.goto(`${BASE}/rules.html`);
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Cómo se juega a DVONN');
  assert.match(await page.textContent('main'), /piezas DVONN/);
  await shot(page, '31-rules-es');
  noScriptErrors(page);
  noConsoleErrors(page);
});

test('an unknown browser language falls back to English', async () => {
  const page = await newPage(browser, { width: 1280, height: 900 }, { locale: 'ja-JP' });
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => document.querySelector('[data-testid="lang-select"] option'));
  assert.equal(await page.textContent(tid('new-game-link')), 'New game');
  assert.equal(await page.inputValue(tid('lang-select')), 'en');
  noScriptErrors(page);
});
