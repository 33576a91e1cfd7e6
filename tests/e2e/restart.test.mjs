// The server is killed in the middle of a game and started again on the same
// database and port (scripts/e2e.sh runs it under a loop that restarts it and
// writes its pid to DVONN_PIDFILE). Nothing is lost; the page reconnects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  BASE,
  launch,
  newPage,
  tid,
  shot,
  startGame,
  state,
  waitState,
  legal,
  waitMyTurn,
  clickMove,
  moveListTexts,
  noScriptErrors,
} from './helpers.mjs';

const PIDFILE = process.env.DVONN_PIDFILE;
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const readPid = () => Number(fs.readFileSync(PIDFILE, 'utf8').trim());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function serverUp() {
  try {
    return (await fetch(`${BASE}/`)).ok;
  } catch {
    return false;
  }
}

test('a server restart in the middle of a game loses nothing', async () => {
  assert.ok(PIDFILE, 'DVONN_PIDFILE must name the server pid file (scripts/e2e.sh sets it)');
  const page = await newPage(browser);
  const id = await startGame(page, { mode: 'local', random: true, seed: 5 });
  for (let i = 0; i < 3; i++) {
    await waitMyTurn(page);
    const m = (await legal(page)).find((x) => x.length === 4);
    await clickMove(page, m);
  }
  const before = await state(page);
  assert.equal(before.moves.length, 3);
  await page.waitForSelector(`${tid('connection')}[data-state="live"]`);

  // Kill the server hard (no chance to flush anything on the way out).
  const pid = readPid();
  process.kill(pid, 'SIGKILL');
  await page.waitForSelector(`${tid('connection')}[data-state="offline"]`, { timeout: 10000 });
  assert.match(await page.textContent(tid('connection')), /reconnecting/i);
  await shot(page, '11-connection-lost');

  const t0 = Date.now();
  while (readPid() === pid || !(await serverUp())) {
    assert.ok(Date.now() - t0 < 20000, 'the server came back');
    await sleep(100);
  }
  // The page reconnects by itself and shows the same game.
  await page.waitForSelector(`${tid('connection')}[data-state="live"]`, { timeout: 20000 });
  const after1 = await state(page);
  assert.deepEqual(after1.moves, before.moves);
  assert.deepEqual(after1.stacks, before.stacks);
  assert.deepEqual(await moveListTexts(page), before.moves);

  // The server kept the game too, and the seat token still works.
  const res = await fetch(`${BASE}/api/games/${id}`);
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).moves, before.moves);
  await waitMyTurn(page);
  const m = (await legal(page)).find((x) => x.length === 4);
  const st = await clickMove(page, m);
  assert.equal(st.moves.length, 4);
  assert.equal(st.moves[3], m);
  noScriptErrors(page);
});
