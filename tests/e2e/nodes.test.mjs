// Several `dvonn serve` nodes on one PostgreSQL database, behind nginx
// (issue 40; docs/deploy.md "Several servers on one database"). This test
// starts its own throwaway PostgreSQL cluster (scripts/pg_throwaway.sh:
// initdb in a temporary folder, a Unix socket, no network), two nodes and nginx in front of them
// with no sticky sessions, and plays in Chromium: two people on two nodes,
// then through nginx with a node killed (SIGKILL) in the middle of a game,
// then an engine game with that node down. Where PostgreSQL or nginx cannot
// start, the test fails; it is not skipped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  launch,
  newPage,
  tid,
  shot,
  state,
  waitState,
  legal,
  waitMyTurn,
  clickMove,
  noScriptErrors,
  signUp,
  PASSWORD,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.env.DVONN_BIN || path.join(here, '../../build/dvonn');
const WEB = process.env.DVONN_WEB_ROOT || path.join(here, '../../web');
const root = process.getuid && process.getuid() === 0;
const THROWAWAY = path.join(here, '../../scripts/pg_throwaway.sh');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let work, db, browser, nginx;
let victim = 0; // the node killed
const nodes = []; // { port, proc }
let front; // nginx's URL

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// The throwaway cluster's script (start, createdb, stop): what it prints.
function throwaway(...args) {
  return execFileSync(THROWAWAY, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

async function up(url, seconds = 20) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function startNode(i) {
  const port = nodes[i]?.port || (await freePort());
  const log = fs.openSync(path.join(work, `node${i}.log`), 'a');
  const proc = spawn(
    BIN,
    [
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--db',
      db,
      '--web-root',
      WEB,
      '--signups-per-hour',
      '0',
      '--guests-per-hour',
      '0',
      '--no-daily-tournament',
      '--no-puzzle-mining',
    ],
    { stdio: ['ignore', log, log] },
  );
  nodes[i] = { port, proc };
  await up(`http://127.0.0.1:${port}/`);
}

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dvonn-nodes-'));
  throwaway('start', work);
  db = throwaway('createdb', work, 'dvonn');
  await startNode(0);
  await startNode(1);

  // nginx in front: round robin, no sticky sessions, WebSockets upgraded;
  // a node that refuses connections is skipped (proxy_next_upstream error).
  // As deploy/nginx/dvonn.conf: the WebSockets through their own upstream
  // whose nodes are never counted down (with one upstream, a node revived
  // in one test stayed counted down while its first new socket lived, and
  // when the other node was killed nginx answered 502, "no live upstreams").
  const port = await freePort();
  const proxied = (at, upstream) => `    location ${at} {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    `${root ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream dvonn {
    server 127.0.0.1:${nodes[0].port} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${nodes[1].port} max_fails=1 fail_timeout=5s;
  }
  upstream dvonn_sockets {
    server 127.0.0.1:${nodes[0].port} max_fails=0;
    server 127.0.0.1:${nodes[1].port} max_fails=0;
  }
  server {
    listen 127.0.0.1:${port};
${proxied('/', 'dvonn')}${proxied('/ws', 'dvonn_sockets')}  }
}
`,
  );
  nginx = spawn(
    fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
    ['-p', work, '-c', path.join(work, 'nginx.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let nginxErr = '';
  nginx.stderr.on('data', (d) => (nginxErr += d));
  front = `http://127.0.0.1:${port}`;
  await up(`${front}/`).catch((e) => {
    throw new Error(`${e.message}; nginx said: ${nginxErr}`);
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  nginx?.kill('SIGTERM');
  for (const n of nodes) n?.proc.kill('SIGTERM');
  await sleep(300);
  if (process.exitCode)
    for (const f of ['node0.log', 'node1.log']) console.error(fs.readFileSync(path.join(work, f), 'utf8').slice(-3000));
  try {
    throwaway('stop', work);
  } catch {
    // already gone
  }
  fs.rmSync(work, { recursive: true, force: true });
});

// Kills (SIGKILL) the node holding most WebSockets (/metrics counts each
// node's): the pages on it must come back through nginx on the other.
async function killBusiestNode() {
  const sockets = [];
  for (const n of nodes) {
    const text = await (await fetch(`http://127.0.0.1:${n.port}/metrics`)).text();
    sockets.push(Number(/^dvonn_websockets (\d+)/m.exec(text)?.[1] ?? 0));
  }
  victim = sockets[1] > sockets[0] ? 1 : 0;
  assert.ok(sockets[victim] > 0, `a page's WebSocket is on the node killed (${sockets})`);
  nodes[victim].proc.kill('SIGKILL');
  await new Promise((r) => nodes[victim].proc.once('exit', r));
}

// Opens an online game at `base` as White; returns its id and invitation.
async function openGame(page, base) {
  await page.goto(`${base}/`);
  await page.check(tid('mode-online'));
  await page.check(tid('color-white'));
  await page.click(tid('start'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  await waitState(page, () => true);
  const id = await page.evaluate(() => location.hash.slice('#game='.length));
  return id;
}

// The side to move plays its first legal placement or movement by clicks;
// the other page shows it within `ms`.
async function playOne(mover, other, ms = 2000) {
  await waitMyTurn(mover);
  const move = (await legal(mover))[0];
  const played = await clickMove(mover, move);
  await waitState(other, (s) => s.version >= played.version, ms);
  return move;
}

test('two people on two nodes play one game, each seeing the other live', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const a = `http://127.0.0.1:${nodes[0].port}`;
  const b = `http://127.0.0.1:${nodes[1].port}`;
  const id = await openGame(alice, a);
  // Bob opens the invitation on the other node.
  await bob.goto(`${b}/#game=${id}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(alice, (s) => s.seats.black.taken === true, 2000);
  for (let i = 0; i < 6; i++) await playOne(i % 2 ? bob : alice, i % 2 ? alice : bob);
  const sa = await state(alice);
  const sb = await state(bob);
  assert.equal(sa.moves.length, 6);
  assert.deepEqual(sb.moves, sa.moves);
  noScriptErrors(alice);
  noScriptErrors(bob);
  await alice.context().close();
  await bob.context().close();
});

test('through nginx, a node killed in the middle of a game loses nothing and the game goes on', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const id = await openGame(alice, front);
  await bob.goto(`${front}/#game=${id}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(alice, (s) => s.seats.black.taken === true, 3000);
  for (let i = 0; i < 4; i++) await playOne(i % 2 ? bob : alice, i % 2 ? alice : bob);
  const before = await state(alice);
  await alice.waitForSelector(`${tid('connection')}[data-state="live"]`);

  // The node holding most of the pages' WebSockets dies without a chance
  // to flush anything.
  await killBusiestNode();
  // Whatever node each page was on, both are live again (through nginx, on
  // node 1) with every acknowledged move, and play on.
  for (const page of [alice, bob]) {
    await page.waitForSelector(`${tid('connection')}[data-state="live"]`, { timeout: 15000 });
    const s = await waitState(page, (x) => x.moves.length === before.moves.length, 5000);
    assert.deepEqual(s.moves, before.moves);
  }
  for (let i = 0; i < 4; i++) await playOne(i % 2 ? bob : alice, i % 2 ? alice : bob, 3000);
  const after1 = await state(alice);
  assert.equal(after1.moves.length, 8);
  const stored = await (await fetch(`${front}/api/games/${id}`)).json();
  assert.deepEqual(stored.moves, after1.moves);
  await shot(bob, '40-nodes-after-a-node-died');
  noScriptErrors(alice);
  noScriptErrors(bob);
  await alice.context().close();
  await bob.context().close();
});

test('with a node down, engine games are played by the node left', async () => {
  const down = nodes[victim].proc;
  assert.notEqual(down.exitCode ?? down.signalCode, null, 'a node is down (previous test)');
  const page = await newPage(browser);
  await page.goto(`${front}/`);
  await page.check(tid('mode-engine'));
  await page.selectOption(tid('level'), '1');
  await page.check(tid('color-white'));
  await page.click(tid('start'));
  await page.waitForFunction(() => location.hash.startsWith('#game='));
  for (let i = 0; i < 3; i++) {
    await waitMyTurn(page);
    const n = (await state(page)).moves.length;
    await clickMove(page, (await legal(page))[0]);
    // The engine answers.
    await waitState(page, (s) => s.moves.length >= n + 2, 10000);
  }
  assert.ok((await state(page)).moves.length >= 6);
  noScriptErrors(page);
  // The node comes back on the same database and port and serves the game.
  await startNode(victim);
  const id = await page.evaluate(() => location.hash.slice('#game='.length));
  const there = await (await fetch(`http://127.0.0.1:${nodes[victim].port}/api/games/${id}`)).json();
  assert.deepEqual(there.moves, (await state(page)).moves);
  await page.context().close();
});

test('with a node killed, a clock that runs out ends the game on the node left', async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  await signUp(alice, `ann_${stamp}`, PASSWORD, front);
  await signUp(bob, `bo_${stamp}`, PASSWORD, front);
  // A 15-second game from the lobby, through nginx.
  await alice.goto(`${front}/#lobby`);
  await alice.check(tid('lobby-color-white'));
  await alice.check(tid('clock-realtime'));
  await alice.fill(tid('clock-minutes'), '0.25');
  await alice.fill(tid('clock-increment'), '0');
  await alice.click(tid('lobby-create'));
  await alice.waitForFunction(() => location.hash.startsWith('#game='));
  const id = await alice.evaluate(() => location.hash.slice('#game='.length));
  await bob.goto(`${front}/#lobby`);
  const row = `${tid('lobby-row')}[data-id="${id}"]`;
  await bob.waitForSelector(row, { timeout: 10000 });
  await bob.click(`${row} ${tid('lobby-join')}`);
  await bob.waitForFunction(() => window.dvonn && window.dvonn.seat === 'black');
  await waitState(alice, (s) => s.seats.black.taken === true, 3000);
  // Both sides' first moves, then White's second: Black's clock runs.
  for (let i = 0; i < 3; i++) await playOne(i % 2 ? bob : alice, i % 2 ? alice : bob, 3000);
  for (const page of [alice, bob]) await page.waitForSelector(`${tid('connection')}[data-state="live"]`);
  await killBusiestNode();
  // Black does not move: the node left ends the game on time, and both
  // pages (back through nginx) say so.
  for (const page of [alice, bob]) {
    const st = await waitState(page, (s) => s.result !== 'ongoing', 30000);
    assert.equal(st.end, 'time');
    assert.equal(st.result, 'white');
  }
  // What is stored, through nginx: the node killed is skipped, never a 502.
  const stored = await (await fetch(`${front}/api/games/${id}`)).json();
  assert.equal(stored.end, 'time');
  assert.equal(stored.moves.length, 3);
  noScriptErrors(alice);
  noScriptErrors(bob);
  await alice.context().close();
  await bob.context().close();
});

test('nginx never ran out of nodes: every node killed above had another one up', () => {
  // With one upstream for requests and WebSockets, this log had "no live
  // upstreams" (each a 502 a page saw) in 4 of 7 runs after the kills.
  const log = fs.readFileSync(path.join(work, 'nginx-error.log'), 'utf8');
  const dead = log.split('\n').filter((l) => l.includes('no live upstreams'));
  assert.deepEqual(dead, []);
});
