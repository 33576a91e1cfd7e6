// The browser's copy of the rules (web/js/rules.js), checked without a
// browser: its legal moves against the perft table (tests/data/perft), and
// its position strings, random setups, legal moves and game records against
// what the C++ program says about the same games.
//
//   DVONN=build/dvonn node --test tests/web/
//
// DVONN names the dvonn program; the tests that need it fail without it
// (CTest sets it: tests/CMakeLists.txt).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url);
// rules.js is an ES module with no package.json beside it to say so (web/ is
// served as it is), so it is loaded from its text: any Node runs it without
// flags. It imports nothing.
const rulesText = readFileSync(new URL('web/js/rules.js', root), 'utf8');
const Rules = await import(`data:text/javascript,${encodeURIComponent(rulesText)}`);

const PERFT_DEPTH = 3;

// ---------- the perft table ----------
// One line a position: "MOVES ; N1 N2 ..." with MOVES from the empty board
// ("-" for none) and Nd the number of move sequences d plies long.
const table = readFileSync(new URL('tests/data/perft/positions.txt', root), 'utf8')
  .split('\n')
  .map((line, i) => ({ line, number: i + 1 }))
  .filter(({ line }) => line.trim())
  .map(({ line, number }) => {
    const [moves, counts] = line.split(';');
    return {
      number,
      moves: moves.trim() === '-' ? [] : moves.trim().split(/\s+/),
      counts: counts.trim().split(/\s+/).map(Number),
    };
  });

function positionAfter(moves) {
  const steps = Rules.replay(Rules.emptyPosition(), moves);
  assert.equal(steps.error, undefined, `rules.js refuses the table's moves: ${steps.error}`);
  return steps[steps.length - 1].position;
}

function perft(p, depth) {
  const moves = Rules.legalMoves(p);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const r = Rules.applyMove(p, m);
    assert.equal(r.error, undefined, `${m} is among the legal moves but applyMove refuses it`);
    n += perft(r.position, depth - 1);
  }
  return n;
}

test('the perft table has positions from every phase', () => {
  assert.ok(table.length >= 10, `only ${table.length} lines read`);
  assert.ok(table.some((e) => e.moves.length === 0));
  assert.ok(table.some((e) => e.moves.length > 49));
});

for (const entry of table) {
  test(`perft table line ${entry.number}: depths 1-${PERFT_DEPTH}`, () => {
    const p = positionAfter(entry.moves);
    for (let d = 1; d <= Math.min(PERFT_DEPTH, entry.counts.length); d++) {
      assert.equal(perft(p, d), entry.counts[d - 1], `perft ${d}`);
    }
  });
}

// ---------- the C++ program ----------
function dvonnPath() {
  const bin = process.env.DVONN;
  assert.ok(bin, 'set DVONN to the dvonn program (e.g. DVONN=build/dvonn)');
  accessSync(bin, constants.X_OK);
  return bin;
}

function dvonn(...args) {
  return execFileSync(dvonnPath(), args, { encoding: 'utf8' });
}

// The position string `dvonn show --position-string` prints for a start.
function cppPositionString(...source) {
  const out = dvonn('show', '--color', 'never', '--position-string', ...source);
  const line = out.split('\n').find((l) => l.startsWith('position: '));
  assert.ok(line, `no position line in:\n${out}`);
  return line.slice('position: '.length).trim();
}

const movesArgs = (moves) => (moves.length ? ['--moves', moves.join(' ')] : []);

test('DVONN names the dvonn program', () => {
  dvonnPath();
  assert.match(dvonn('--version'), /\d+\.\d+/);
});

for (const entry of table) {
  test(`perft table line ${entry.number}: position string and legal moves as the C++ program`, () => {
    const p = positionAfter(entry.moves);
    const cpp = cppPositionString(...movesArgs(entry.moves));
    assert.equal(Rules.toPositionString(p), cpp);
    // Read back, the C++ string is the same position.
    const q = Rules.parsePositionString(cpp);
    assert.deepEqual(q.stacks, p.stacks);
    assert.equal(q.toMove, p.toMove);
    assert.equal(q.phase, p.phase);
    const legal = JSON.parse(dvonn('legal', '--json', ...movesArgs(entry.moves)));
    assert.deepEqual([...Rules.legalMoves(p)].sort(), [...legal].sort());
    assert.deepEqual([...Rules.legalMoves(q)].sort(), [...legal].sort());
  });
}

// ---------- the random setup ----------
// Seeds small and large: the generator works on 64-bit numbers.
const SEEDS = ['0', '1', '42', '2026', '4294967297', '9007199254740993', '18446744073709551615'];

test('random setups: as the C++ program, for every seed', () => {
  const seen = new Set();
  for (const seed of SEEDS) {
    const p = Rules.randomSetup(BigInt(seed));
    const pieces = Object.values(p.stacks).join('');
    assert.equal(pieces.length, 49, `seed ${seed}`);
    for (const [c, n] of [
      ['d', 3],
      ['w', 23],
      ['b', 23],
    ]) {
      assert.equal(pieces.split(c).length - 1, n, `seed ${seed}: pieces ${c}`);
    }
    const dvonns = Object.keys(p.stacks).filter((s) => p.stacks[s] === 'd');
    for (const d of dvonns)
      for (const n of Rules.neighbours(d)) assert.notEqual(p.stacks[n], 'd', `seed ${seed}: Dvonn pieces side by side`);
    const s = Rules.toPositionString(p);
    assert.equal(s, cppPositionString('--random-setup', seed), `seed ${seed}`);
    seen.add(s);
  }
  assert.equal(seen.size, SEEDS.length, 'two seeds gave the same setup');
});

// ---------- game records ----------
// A record as dvonn writes one (tags, numbered moves, a comment), of a game
// played from `start` with moves picked from rules.js's legal moves.
function makeRecord(tags, start, plies, pick) {
  const moves = [];
  let p = start;
  for (let i = 0; i < plies; i++) {
    const legal = Rules.legalMoves(p);
    if (!legal.length) break;
    const m = legal[pick(i, legal.length)];
    moves.push(m);
    p = Rules.applyMove(p, m).position;
  }
  const rows = Rules.moveRows(Rules.moversOf(start, moves));
  const body = rows
    .map((r) =>
      r.white != null
        ? `${r.num}. ${moves[r.white]}${r.black != null ? ` ${moves[r.black]}` : ''}`
        : `${r.num}... ${moves[r.black]}`,
    )
    .join(' ');
  const head = Object.entries(tags)
    .map(([k, v]) => `[${k} "${v}"]`)
    .join('\n');
  return { text: `${head}\n\n{ made by rules.test.mjs } ${body} *\n`, moves, end: p };
}

function checkRecord(record) {
  const parsed = Rules.parseRecord(record.text);
  assert.deepEqual(parsed.moves, record.moves);
  const steps = Rules.replay(Rules.recordStart(parsed.tags), parsed.moves);
  assert.equal(steps.error, undefined);
  const end = steps[steps.length - 1].position;
  assert.equal(Rules.toPositionString(end), Rules.toPositionString(record.end));
  const dir = mkdtempSync(join(tmpdir(), 'dvonn-rules-test-'));
  try {
    const file = join(dir, 'game.txt');
    writeFileSync(file, record.text);
    assert.equal(Rules.toPositionString(end), cppPositionString('--record', file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('game records: a random setup game replays as in the C++ program', () => {
  for (const seed of ['7', '123456789']) {
    const start = Rules.recordStart({ Setup: `random ${seed}` });
    assert.equal(Rules.toPositionString(start), cppPositionString('--random-setup', seed));
    checkRecord(makeRecord({ Event: 'rules.test', Setup: `random ${seed}` }, start, 30, (i, n) => (i * 7 + 3) % n));
  }
});

test('game records: a standard game through the placements replays as in the C++ program', () => {
  checkRecord(makeRecord({ Event: 'rules.test' }, Rules.emptyPosition(), 60, (i, n) => (i * 11 + 5) % n));
});

test('game records: a game from a Position tag replays as in the C++ program', () => {
  const start = positionAfter(table.find((e) => e.moves.length > 49).moves);
  const tags = { Position: Rules.toPositionString(start) };
  assert.deepEqual(Rules.recordStart(tags).stacks, start.stacks);
  checkRecord(makeRecord(tags, start, 20, (i, n) => (i * 5 + 1) % n));
});
