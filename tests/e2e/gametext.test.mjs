// The words of the game view and the lists (issue 42, third pass): a game
// waiting for its opponent says so and offers no moves, its creator can
// cancel (lobby) or abort it; errors go with the next action; the history
// shows its own counts; typed moves are checked here first and explained in
// the player's words; the end is said once; the lists show a count only
// when it decided the game, one name for the engine, and "Play" for your
// own games. At desktop and phone sizes, in the four languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as Rules from '../../web/js/rules.js';
import {
  BASE,
  launch,
  newPage,
  tid,
  sq,
  shot,
  state,
  startGame,
  waitState,
  waitMyTurn,
  clickMove,
  noScriptErrors,
  noConsoleErrors,
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

async function api(page, method, path, data) {
  const r =
    method === 'GET' ? await page.request.get(`${BASE}${path}`) : await page.request.post(`${BASE}${path}`, { data });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

async function setLang(page, lang) {
  await page.getByTestId('lang-select').selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

// Counts the move requests the page sends.
function countMovePosts(page) {
  const posts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/games\/[^/]+\/moves$/.test(r.url())) posts.push(r.postData());
  });
  return posts;
}

// Types a move into the move box and plays it.
async function typeMove(page, text) {
  await page.getByRole('textbox', { name: 'Type a move' }).fill(text);
  await page.getByRole('button', { name: 'Play' }).click();
}

const message = (page) => page.getByTestId('message').textContent();

for (const [label, viewport, opts] of SIZES) {
  test(`a lobby game waits for an opponent, offers no moves, and its creator cancels it (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    const g = await api(page, 'POST', '/api/auth/guest', { name: `wait${label[0]}_${stamp}` });
    assert.equal(g.status, 201, JSON.stringify(g.body));
    // Opened from the lobby's form.
    await page.goto(`${BASE}/#lobby`);
    await page.getByTestId('lobby-create').click();
    await page.waitForFunction(() => location.hash.startsWith('#game='));
    const id = await page.evaluate(() => location.hash.slice('#game='.length));
    await waitState(page, (s) => s.started === false);
    const posts = countMovePosts(page);
    const status = page.getByTestId('status');
    await page.waitForFunction(() => /lobby/.test(document.querySelector('[data-testid="status"]').textContent));
    assert.equal(
      await status.textContent(),
      'Waiting for an opponent: the game starts when someone joins it from the lobby',
    );
    const panel = await page.getByTestId('game').innerText();
    assert.doesNotMatch(panel, /friend/i, 'no "friend" in a lobby game');
    assert.doesNotMatch(panel, /Your turn/);
    assert.equal(await page.getAttribute('body', 'data-my-turn'), 'false');
    assert.equal(await page.getByRole('textbox', { name: 'Type a move' }).isVisible(), false);
    assert.equal(await page.locator(`${tid('player-white')}.to-move`).count(), 0, 'nobody to move yet');
    // A click explains; nothing is sent.
    await page.click(sq('E3'));
    assert.equal(await message(page), 'The game has not started: wait for an opponent');
    assert.deepEqual(posts, []);
    const cancel = page.getByRole('button', { name: 'Cancel the game' });
    assert.equal(await cancel.isVisible(), true);
    assert.equal(await page.getByRole('button', { name: 'Resign' }).isVisible(), false);
    // The words in each language.
    const words = {
      fr: [
        "En attente d'un adversaire : la partie commence quand quelqu'un la rejoint depuis le salon",
        'Annuler la partie',
      ],
      nl: ['Wachten op een tegenstander: de partij begint zodra iemand meedoet via de lobby', 'Partij annuleren'],
      es: ['Esperando a un rival: la partida empieza cuando alguien se una desde la sala', 'Cancelar la partida'],
    };
    for (const [lang, [st, btn]] of Object.entries(words)) {
      await setLang(page, lang);
      assert.equal(await status.textContent(), st, lang);
      assert.equal(await page.getByRole('button', { name: btn }).isVisible(), true, lang);
    }
    await setLang(page, 'en');
    await shot(page, `60-lobby-waiting-${label}`);
    await cancel.click();
    await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
    assert.equal(await page.getByTestId('result').textContent(), 'Game cancelled');
    assert.equal(await page.getByTestId('game-end').textContent(), 'Withdrawn from the lobby before anyone joined.');
    assert.equal(await cancel.isVisible(), false);
    assert.equal(await status.isVisible(), false);
    const lobby = await api(page, 'GET', '/api/lobby?limit=100');
    assert.ok(!lobby.body.open.some((o) => o.id === id), 'gone from the lobby');
    await setLang(page, 'fr');
    assert.equal(await page.getByTestId('result').textContent(), 'Partie annulée');
    await setLang(page, 'en');
    noScriptErrors(page);
    noConsoleErrors(page);
    await page.context().close();
  });
}

for (const [label, viewport, opts] of SIZES) {
  test(`a game not joined yet can be aborted by its creator; the end says so (${label})`, async (t) => {
    const page = await newPage(browser, viewport, opts);
    const id = await startGame(page, { mode: 'online', color: 'white' });
    // Is the abort endpoint there? (A wrong token: 403 when it is.)
    const probe = await api(page, 'POST', `/api/games/${id}/abort`, { token: '0'.repeat(32) });
    if (probe.status === 404 || probe.status === 405) {
      t.skip('this server has no POST /api/games/{id}/abort');
      await page.context().close();
      return;
    }
    assert.equal(
      await page.getByTestId('status').textContent(),
      'Waiting for your opponent: the game starts when they open the invitation link (below)',
    );
    const abort = page.getByRole('button', { name: 'Abort the game' });
    assert.equal(await abort.isVisible(), true);
    await setLang(page, 'nl');
    assert.equal(await page.getByRole('button', { name: 'Partij afbreken' }).isVisible(), true);
    await setLang(page, 'en');
    await abort.click();
    await waitState(page, (s) => s.end === 'aborted');
    await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
    assert.equal(await page.getByTestId('result').textContent(), 'Game aborted');
    assert.equal(
      await page.getByTestId('game-end').textContent(),
      'Aborted before both sides had moved: no result, no rating change.',
    );
    assert.equal(await page.locator(`${tid('game-over')} .detail`).textContent(), '', 'nobody won or lost');
    assert.equal(await abort.isVisible(), false);
    assert.equal(await page.getByTestId('status').isVisible(), false);
    assert.equal(await page.getByTestId('score-white').isVisible(), false, 'no count that decided nothing');
    assert.equal(await page.getByTestId('invite').isVisible(), false, 'no invitation to a game that ended');
    assert.equal(await page.getByTestId('name-black').textContent(), 'Nobody joined');
    const words = {
      fr: ['Partie interrompue', 'Interrompue avant que les deux camps aient joué', "Personne n'a rejoint la partie"],
      nl: ['Partij afgebroken', 'Afgebroken voordat beide kanten een zet deden', 'Niemand deed mee'],
      es: ['Partida interrumpida', 'Interrumpida antes de que ambos bandos jugaran', 'Nadie se unió'],
    };
    for (const [lang, [result, how, nobody]] of Object.entries(words)) {
      await setLang(page, lang);
      assert.equal(await page.getByTestId('name-black').textContent(), nobody, lang);
      assert.equal(await page.getByTestId('result').textContent(), result, lang);
      assert.ok((await page.getByTestId('game-end').textContent()).startsWith(how), lang);
    }
    await setLang(page, 'en');
    await shot(page, `64-aborted-${label}`);
    // An engine game: allowed before both sides have moved, not after.
    await startGame(page, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(page);
    assert.equal(await abort.isVisible(), true);
    await clickMove(page, 'E3');
    await waitState(page, (s) => s.moves.length >= 2);
    await page.waitForFunction(() => document.querySelector('[data-testid="abort"]').hidden);
    assert.equal(await abort.isVisible(), false, 'no abort once both sides have moved');
    noScriptErrors(page);
    noConsoleErrors(page);
    await page.context().close();
  });
}

test('an error goes with the next good move; the history shows its own counts and no live prompts', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  await waitMyTurn(page);
  await typeMove(page, 'hello');
  assert.match(await message(page), /"hello" is not a move/);
  assert.equal(await page.getByTestId('message').getAttribute('data-kind'), 'error');
  await typeMove(page, 'E3');
  await waitState(page, (s) => s.moves.length >= 1);
  assert.equal(await message(page), '', 'the error is gone after the good move');
  // A few placements, then look back at the start.
  await waitMyTurn(page);
  await clickMove(page, (await state(page)).legal[0]);
  await waitState(page, (s) => s.moves.length >= 4);
  await waitMyTurn(page);
  assert.match(await page.getByTestId('status').textContent(), /^Your turn/);
  await typeMove(page, 'E3'); // occupied: an error
  assert.equal(await message(page), 'E3 is already occupied: place on an empty space');
  await page.getByRole('button', { name: 'Start of the game' }).click();
  assert.equal(await message(page), '', 'no old error while looking back');
  assert.equal(await page.getByTestId('status').textContent(), 'In this position: White to place a Dvonn piece');
  assert.equal(await page.getByTestId('left-white').textContent(), '25 to place');
  assert.equal(await page.getByTestId('left-black').textContent(), '24 to place');
  assert.equal(await page.getByTestId('phase').textContent(), 'Phase 1: placement (0 of 49 placed)');
  await setLang(page, 'es');
  assert.equal(await page.getByTestId('status').textContent(), 'En esta posición, Blancas: colocar una pieza DVONN');
  await setLang(page, 'en');
  await page.getByRole('button', { name: 'Back to live' }).click();
  assert.match(await page.getByTestId('status').textContent(), /^Your turn/);
  assert.equal(await page.getByTestId('left-white').textContent(), '23 to place');
  noScriptErrors(page);
  await page.context().close();
});

test('the history shows the piece counts of the position shown', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 5 });
  await waitMyTurn(page);
  const start = await state(page);
  const startScore = Rules.score(start.stacks);
  // A move that changes the count: a white stack onto a black one.
  const move = start.legal.find((m) => m.length === 4 && start.stacks[m.slice(2)].endsWith('b'));
  await clickMove(page, move);
  const now = await waitState(page, (s) => s.moves.length >= 2);
  assert.equal(await page.getByTestId('score-white').textContent(), String(now.score.white));
  // After White's move (one step back): White controls one piece more.
  const after1 = Rules.score(Rules.applyMove(Rules.randomSetup(5n), move).position.stacks);
  assert.notDeepEqual(after1, startScore);
  await page.getByRole('button', { name: 'Previous move' }).click();
  assert.equal(await page.getByTestId('score-white').textContent(), String(after1.white));
  assert.equal(await page.getByTestId('score-black').textContent(), String(after1.black));
  await page.getByRole('button', { name: 'Start of the game' }).click();
  assert.equal(await page.getByTestId('score-white').textContent(), String(startScore.white));
  assert.equal(await page.getByTestId('score-black').textContent(), String(startScore.black));
  assert.doesNotMatch(await page.getByTestId('status').textContent(), /Your turn/);
  noScriptErrors(page);
  await page.context().close();
});

for (const [label, viewport, opts] of SIZES) {
  test(`typed moves are checked here first and explained in the player's words (${label})`, async () => {
    const page = await newPage(browser, viewport, opts);
    await startGame(page, { mode: 'engine', level: 1, color: 'white' });
    await waitMyTurn(page);
    const posts = countMovePosts(page);
    await typeMove(page, 'E3E4');
    assert.equal(await message(page), 'You are placing pieces: give one space, like A1');
    await typeMove(page, 'PASS');
    assert.equal(await message(page), 'There is no passing while placing pieces: place one on an empty space');
    await typeMove(page, 'K1');
    assert.equal(await message(page), 'K1 is not a space on the board (A1..K5)');
    const placing = {
      fr: 'Vous placez des pièces : donnez une seule case, par exemple A1',
      nl: 'Je zet stukken: geef één veld, bijvoorbeeld A1',
      es: 'Estás colocando piezas: indica una sola casilla, por ejemplo A1',
    };
    for (const [lang, text] of Object.entries(placing)) {
      await setLang(page, lang);
      await page.locator(tid('move-input')).fill('E3E4');
      await page.locator(tid('move-submit')).click();
      assert.equal(await message(page), text, lang);
    }
    await setLang(page, 'en');
    assert.deepEqual(posts, [], 'no request for a move known to be illegal');
    assert.equal((await state(page)).moves.length, 0);

    // Moving stacks.
    await startGame(page, { mode: 'engine', level: 1, color: 'white', random: true, seed: 5 });
    await waitMyTurn(page);
    const st = await state(page);
    const posts2 = countMovePosts(page);
    await typeMove(page, 'E3');
    assert.match(
      await message(page),
      /^You are moving stacks: give a stack and where it goes, like [A-K][1-5][A-K][1-5]$/,
    );
    await typeMove(page, 'PASS');
    assert.equal(await message(page), 'You cannot pass: one of your stacks can still move');
    // One of White's stacks that can move, aimed two spaces away (a stack of one moves one).
    const from = st.legal.find((m) => m.length === 4).slice(0, 2);
    const [x, y] = Rules.parseSquare(from);
    const far = [
      [2, 0],
      [-2, 0],
      [0, 2],
      [0, -2],
      [2, 2],
      [-2, -2],
    ]
      .map(([dx, dy]) => [x + dx, y + dy])
      .filter(([a, b]) => Rules.onBoard(a, b))
      .map(([a, b]) => Rules.squareName(a, b))
      .find((s) => st.stacks[s]);
    assert.ok(far, 'an occupied space two away');
    await typeMove(page, from + far);
    assert.equal(
      await message(page),
      `${from} cannot reach ${far}: a stack of 1 moves exactly 1 space in a straight line`,
    );
    const black = Object.keys(st.stacks).find((s) => st.stacks[s] === 'b');
    await typeMove(page, `${black}${from}`);
    assert.match(await message(page), /^Not your stack/);
    assert.deepEqual(posts2, []);
    await shot(page, `61-typed-move-explained-${label}`);
    noScriptErrors(page);
    noConsoleErrors(page);
    await page.context().close();
  });
}

test('the end is said once: after a resignation the rows show no count; an imported game ended by the count', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  await startGame(page, { mode: 'engine', level: 1, color: 'white' });
  await waitMyTurn(page);
  await clickMove(page, 'E3');
  await waitMyTurn(page);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await waitState(page, (s) => s.end === 'resignation');
  await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
  const seen = await page.evaluate(() => document.querySelector('main').innerText);
  assert.doesNotMatch(seen, /Game over/, 'no "Game over" at all');
  assert.equal((seen.match(/Black wins/g) || []).length, 1, 'the result once');
  assert.equal(await page.getByTestId('game-end').textContent(), 'White resigned.');
  for (const side of ['white', 'black']) {
    assert.equal(await page.getByTestId(`score-${side}`).isVisible(), false, `no ${side} count after a resignation`);
    assert.equal(await page.getByTestId(`left-${side}`).textContent(), '', 'no pieces "to place" after the end');
  }
  await shot(page, '62-resigned-rows');

  // An imported game played to its end: decided by the count, said so.
  let p = Rules.randomSetup(77n);
  const moves = [];
  let x = 99;
  while (Rules.legalMoves(p).length) {
    const legal = Rules.legalMoves(p);
    x = (x * 1103515245 + 12345) % 2147483648;
    const m = legal[x % legal.length];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  const score = Rules.score(p.stacks);
  await page.goto(`${BASE}/`);
  await page.fill(tid('import-text'), `[Setup "random 77"]\n\n${moves.join(' ')}\n`);
  await page.click(tid('import-submit'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(page, (s) => s.phase === 'over');
  await page.waitForSelector(`${tid('game-over')}:not([hidden])`);
  const how = {
    en: `By the count: White ${score.white}, Black ${score.black}`,
    fr: `Au décompte : Blanc ${score.white}, Noir ${score.black}`,
    nl: `Door het tellen: Wit ${score.white}, Zwart ${score.black}`,
    es: `Por recuento: blancas ${score.white}, negras ${score.black}`,
  };
  for (const [lang, text] of Object.entries(how)) {
    await setLang(page, lang);
    assert.ok((await page.getByTestId('game-end').textContent()).startsWith(text), lang);
  }
  await setLang(page, 'en');
  assert.equal(await page.getByTestId('score-white').isVisible(), true, 'the count decided it: the rows show it');
  noScriptErrors(page);
  await page.context().close();
});

// Lists: a resigned game without its count, the engine's one name, and
// "Play" for your own game.
let lists = null;
async function listSetUp() {
  if (lists) return lists;
  const alice = await newPage(browser),
    bob = await newPage(browser);
  const ALICE = `talice_${stamp}`,
    BOB = `tbob_${stamp}`;
  for (const [page, name] of [
    [alice, ALICE],
    [bob, BOB],
  ]) {
    const r = await api(page, 'POST', '/api/auth/signup', { name, password: 'correct horse 42' });
    assert.equal(r.status, 201, `sign-up of ${name}: ${JSON.stringify(r.body)}`);
  }
  // Alice resigns a rated engine game at once: 0–0 decided nothing.
  const e = await api(alice, 'POST', '/api/games', { mode: 'engine', level: 1, color: 'white', rated: true });
  assert.equal(e.status, 201);
  assert.equal((await api(alice, 'POST', `/api/games/${e.body.id}/resign`, { token: e.body.token })).status, 200);
  // An online game Alice and Bob are playing.
  const o = await api(alice, 'POST', '/api/games', { mode: 'online', color: 'white' });
  await api(bob, 'POST', `/api/games/${o.body.id}/join`, {});
  const mv = await api(alice, 'POST', `/api/games/${o.body.id}/moves`, { token: o.body.token, move: 'E3' });
  assert.equal(mv.status, 200, JSON.stringify(mv.body));
  // And one nobody has joined yet.
  const w = await api(alice, 'POST', '/api/games', { mode: 'online', color: 'white' });
  await bob.context().close();
  await alice.context().close();
  lists = { ALICE, BOB, engineGame: e.body.id, online: o.body.id, waiting: w.body.id };
  return lists;
}

for (const [label, viewport, opts] of SIZES) {
  test(`lists: no count after a resignation, "Engine level 1", "Play" for your own game (${label})`, async () => {
    const g = await listSetUp();
    const page = await newPage(browser, viewport, opts);
    const login = await api(page, 'POST', '/api/auth/login', { name: g.ALICE, password: 'correct horse 42' });
    assert.equal(login.status, 200);
    // The one on the page shown (a hidden page keeps its list).
    const item = (id) => page.locator(`${tid('game-item')}[data-id="${id}"] >> visible=true`);
    for (const hash of [`#archive&player=${g.ALICE}`, `#profile=${g.ALICE}`, '#mygames']) {
      await page.goto(`${BASE}/${hash}`);
      const it = item(g.engineGame).first();
      await it.waitFor();
      const text = await it.textContent();
      assert.match(text, /Black wins · by resignation/, hash);
      assert.doesNotMatch(text, /0–0/, `${hash}: no count that decided nothing`);
      assert.equal(
        await it.locator('.who').textContent(),
        `${g.ALICE} (1500) vs Engine level 1 (${text.match(/Engine level 1 \((\d+)\)/)[1]})`,
      );
      assert.doesNotMatch(text, /engine-1/);
    }
    // A game nobody has joined waits for an opponent (nobody is to move).
    await page.goto(`${BASE}/#mygames`);
    await item(g.waiting).waitFor();
    const waiting = await item(g.waiting).textContent();
    assert.match(waiting, /· waiting for an opponent ·/);
    assert.doesNotMatch(waiting, /to move/);
    // The game page names the engine the same way.
    await page.goto(`${BASE}/#game=${g.engineGame}`);
    await waitState(page, () => true);
    assert.equal(await page.getByTestId('name-black').textContent(), 'Engine level 1');
    // Alice's own game in play: "Play" wherever it is listed.
    await page.goto(`${BASE}/#live`);
    const live = item(g.online);
    await live.waitFor();
    const open = live.getByRole('link', { name: 'Play' });
    assert.equal(await open.isVisible(), true);
    assert.equal(await open.getAttribute('href'), `#game=${g.online}`);
    assert.equal(await live.getByRole('link', { name: 'Watch' }).count(), 0);
    const words = {
      fr: ['Jouer', 'Ordinateur niveau 1', 'par abandon'],
      nl: ['Spelen', 'Computer niveau 1', 'door opgave'],
      es: ['Jugar', 'Ordenador nivel 1', 'por abandono'],
    };
    for (const [lang, [play]] of Object.entries(words)) {
      await setLang(page, lang);
      // The list is drawn again in the new language.
      await item(g.online).getByRole('link', { name: play }).waitFor({ timeout: 5000 });
      assert.equal(await item(g.online).getByRole('link', { name: play }).isVisible(), true, lang);
    }
    for (const [lang, [, engine, how]] of Object.entries(words)) {
      await setLang(page, lang);
      if (!(await page.evaluate(() => location.hash.startsWith('#archive'))))
        await page.goto(`${BASE}/#archive&player=${g.ALICE}`);
      await item(g.engineGame).filter({ hasText: engine }).waitFor({ timeout: 5000 });
      const text = await item(g.engineGame).textContent();
      assert.ok(text.includes(engine), `${lang}: ${text}`);
      assert.ok(text.includes(how), `${lang}: ${text}`);
      assert.doesNotMatch(text, /0–0/);
    }
    const notStarted = {
      fr: "en attente d'un adversaire",
      nl: 'wacht op een tegenstander',
      es: 'esperando a un rival',
    };
    await page.goto(`${BASE}/#mygames`);
    for (const [lang, text] of Object.entries(notStarted)) {
      await setLang(page, lang);
      await item(g.waiting).filter({ hasText: text }).waitFor({ timeout: 5000 });
    }
    await setLang(page, 'en');
    // Someone else sees the same game to watch.
    const other = await newPage(browser, viewport, opts);
    await other.goto(`${BASE}/#live`);
    const theirs = other.locator(`${tid('live-list')} ${tid('game-item')}[data-id="${g.online}"]`);
    await theirs.waitFor();
    assert.equal(await theirs.getByRole('link', { name: 'Watch' }).isVisible(), true);
    await shot(page, `63-lists-${label}`);
    noScriptErrors(page);
    await other.context().close();
    await page.context().close();
  });
}
