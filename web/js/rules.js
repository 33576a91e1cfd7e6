// A small DVONN rules module for display: board geometry, applying moves,
// replaying a game for the history view. The server stays the authority;
// this module never decides whether a move is accepted.

export const COLUMNS = 'ABCDEFGHIJK';
export const DIRECTIONS = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
];

export function onBoard(x, y) {
  if (y < 0 || y > 4) return false;
  const lo = y > 2 ? y - 2 : 0;
  const hi = Math.min(8 + y, 10);
  return x >= lo && x <= hi;
}

export function squareName(x, y) {
  return COLUMNS[x] + (y + 1);
}

export function parseSquare(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const x = COLUMNS.indexOf(name[0].toUpperCase());
  const y = name.charCodeAt(1) - 49;
  if (x < 0 || !onBoard(x, y)) return null;
  return [x, y];
}

// The 49 spaces in index order: row 1 A..I, then row 2, ... (as the core).
export const SPACES = [];
for (let y = 0; y < 5; y++) for (let x = 0; x < 11; x++) if (onBoard(x, y)) SPACES.push(squareName(x, y));

export function neighbours(name) {
  const [x, y] = parseSquare(name);
  const out = [];
  for (const [dx, dy] of DIRECTIONS) if (onBoard(x + dx, y + dy)) out.push(squareName(x + dx, y + dy));
  return out;
}

// Normalises typed notation: "a1-b2" -> "A1B2", "pass" -> "PASS", "e3" -> "E3".
// Returns {move} or {error}.
export function normaliseMove(text) {
  const t = String(text).trim().toUpperCase().replace(/\s+/g, '');
  if (t === '') return { error: 'Type a move, for example E3 or A1B2', code: 'move.err.empty' };
  if (t === 'PASS') return { move: 'PASS' };
  const m = /^([A-K][1-5])-?([A-K][1-5])?$/.exec(t);
  if (!m)
    return {
      error: `"${text.trim()}" is not a move: write a space (E3), a stack move (A1B2) or PASS`,
      code: 'move.err.notMove',
      params: { text: text.trim() },
    };
  for (const s of [m[1], m[2]]) {
    if (s && !parseSquare(s))
      return { error: `${s} is not a space on the board (A1..K5)`, code: 'move.err.notSpace', params: { sq: s } };
  }
  return { move: m[1] + (m[2] || '') };
}

// A position: {stacks: {sq: "wbd"}, phase: 'placement'|'movement'|'over',
// toMove: 'white'|'black'|'none', placed: n}
export function emptyPosition() {
  return { stacks: {}, phase: 'placement', toMove: 'white', placed: 0 };
}

export function clonePosition(p) {
  return { stacks: { ...p.stacks }, phase: p.phase, toMove: p.toMove, placed: p.placed };
}

const other = (side) => (side === 'white' ? 'black' : 'white');
const letter = (side) => (side === 'white' ? 'w' : 'b');

export function ownerOf(stack) {
  const top = stack[stack.length - 1];
  return top === 'w' ? 'white' : top === 'b' ? 'black' : null;
}

export function isSurrounded(stacks, sq) {
  const n = neighbours(sq);
  return n.length === 6 && n.every((s) => stacks[s]);
}

// Legal stack moves (no PASS) of `side`.
export function stackMoves(stacks, side) {
  const moves = [];
  for (const sq of Object.keys(stacks)) {
    const st = stacks[sq];
    if (ownerOf(st) !== side || isSurrounded(stacks, sq)) continue;
    const [x, y] = parseSquare(sq);
    const h = st.length;
    for (const [dx, dy] of DIRECTIONS) {
      const tx = x + dx * h,
        ty = y + dy * h;
      if (onBoard(tx, ty) && stacks[squareName(tx, ty)]) moves.push(sq + squareName(tx, ty));
    }
  }
  return moves.sort();
}

export function nextPiece(p) {
  if (p.phase !== 'placement') return null;
  return p.placed < 3 ? 'dvonn' : p.toMove;
}

export function legalMoves(p) {
  if (p.phase === 'placement') return SPACES.filter((s) => !p.stacks[s]);
  if (p.phase !== 'movement') return [];
  const mine = stackMoves(p.stacks, p.toMove);
  if (mine.length) return mine;
  return stackMoves(p.stacks, other(p.toMove)).length ? ['PASS'] : [];
}

// Stacks not connected to a Dvonn piece.
export function disconnected(stacks) {
  const seen = new Set();
  const queue = Object.keys(stacks).filter((s) => stacks[s].includes('d'));
  queue.forEach((s) => seen.add(s));
  while (queue.length) {
    const s = queue.pop();
    for (const n of neighbours(s))
      if (stacks[n] && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
  }
  return Object.keys(stacks)
    .filter((s) => !seen.has(s))
    .sort();
}

function settle(p) {
  // After a move in phase 2: decide who moves next, or the end.
  if (stackMoves(p.stacks, p.toMove).length) return;
  if (stackMoves(p.stacks, other(p.toMove)).length) return; // p.toMove must PASS
  p.phase = 'over';
  p.toMove = 'none';
}

// Applies a move; returns {position, removed} or {error}.
export function applyMove(p, move) {
  const q = clonePosition(p);
  let removed = {};
  if (p.phase === 'placement') {
    const sq = parseSquare(move) && move.toUpperCase();
    if (!sq) return { error: `${move} is not a placement` };
    if (q.stacks[sq]) return { error: `${sq} is already occupied` };
    q.stacks[sq] = q.placed < 3 ? 'd' : letter(q.toMove);
    q.placed += 1;
    if (q.placed === 49) {
      q.phase = 'movement';
      q.toMove = 'white';
      settle(q);
    } else {
      q.toMove = other(q.toMove);
    }
    return { position: q, removed };
  }
  if (p.phase !== 'movement') return { error: 'The game is over' };
  const legal = legalMoves(p);
  if (!legal.includes(move)) return { error: `${move} is not legal here` };
  if (move !== 'PASS') {
    const from = move.slice(0, 2),
      to = move.slice(2);
    q.stacks[to] = q.stacks[to] + q.stacks[from];
    delete q.stacks[from];
    for (const s of disconnected(q.stacks)) {
      removed[s] = q.stacks[s];
      delete q.stacks[s];
    }
  }
  q.toMove = other(q.toMove);
  settle(q);
  return { position: q, removed };
}

export function score(stacks) {
  const s = { white: 0, black: 0 };
  for (const st of Object.values(stacks)) {
    const o = ownerOf(st);
    if (o) s[o] += st.length;
  }
  return s;
}

// Replays `moves` from `start`; returns an array of {position, removed, move}
// with entry 0 the start. Stops at the first move it cannot apply.
export function replay(start, moves) {
  const out = [{ position: start, removed: {}, move: null }];
  let p = start;
  for (const m of moves) {
    const r = applyMove(p, m);
    if (r.error) {
      out.error = `move ${out.length} (${m}): ${r.error}`;
      break;
    }
    p = r.position;
    out.push({ position: p, removed: r.removed, move: m });
  }
  return out;
}

// ---- position strings: "<row1>/<row2>/.../<row5> <place|move> <w|b>" ----
export function parsePositionString(text) {
  const parts = String(text).trim().split(/\s+/);
  if (parts.length !== 3) throw new Error('a position string has three fields');
  const rows = parts[0].split('/');
  if (rows.length !== 5) throw new Error('a position string has five rows');
  const stacks = {};
  let total = 0;
  rows.forEach((row, y) => {
    let x = y > 2 ? y - 2 : 0;
    for (let i = 0; i < row.length; i++) {
      const c = row[i];
      if (c >= '0' && c <= '9') {
        let n = c;
        while (i + 1 < row.length && row[i + 1] >= '0' && row[i + 1] <= '9') n += row[++i];
        x += Number(n);
      } else if (c === '(') {
        const j = row.indexOf(')', i);
        if (j < 0) throw new Error('unclosed stack');
        stacks[squareName(x++, y)] = row.slice(i + 1, j);
        total += j - i - 1;
        i = j;
      } else if ('wbd'.includes(c)) {
        stacks[squareName(x++, y)] = c;
        total += 1;
      } else {
        throw new Error(`unknown character ${c}`);
      }
    }
  });
  const phase = parts[1] === 'place' ? 'placement' : 'movement';
  const p = { stacks, phase, toMove: parts[2] === 'b' ? 'black' : 'white', placed: phase === 'placement' ? total : 49 };
  if (phase === 'movement' && !legalMoves(p).length) {
    p.phase = 'over';
    p.toMove = 'none';
  }
  return p;
}

// ---- the seeded random setup, exactly as the core (mt19937_64) ----
const MASK64 = (1n << 64n) - 1n;
function mt19937_64(seed) {
  const mt = new Array(312);
  mt[0] = BigInt.asUintN(64, BigInt(seed));
  for (let i = 1; i < 312; i++) {
    mt[i] = (6364136223846793005n * (mt[i - 1] ^ (mt[i - 1] >> 62n)) + BigInt(i)) & MASK64;
  }
  let idx = 312;
  const UPPER = 0xffffffff80000000n,
    LOWER = 0x7fffffffn,
    MATRIX = 0xb5026f5aa96619e9n;
  return () => {
    if (idx >= 312) {
      for (let i = 0; i < 312; i++) {
        const x = (mt[i] & UPPER) | (mt[(i + 1) % 312] & LOWER);
        let xa = x >> 1n;
        if (x & 1n) xa ^= MATRIX;
        mt[i] = mt[(i + 156) % 312] ^ xa;
      }
      idx = 0;
    }
    let y = mt[idx++];
    y ^= (y >> 29n) & 0x5555555555555555n;
    y ^= (y << 17n) & 0x71d67fffeda60000n;
    y ^= (y << 37n) & 0xfff7eee000000000n;
    y ^= y >> 43n;
    return y & MASK64;
  };
}

export function randomSetup(seed) {
  const rng = mt19937_64(seed);
  const below = (n) => Number(rng() % BigInt(n));
  const free = SPACES.slice();
  const stacks = {};
  const dvonn = [];
  while (dvonn.length < 3) {
    const i = below(free.length);
    const s = free[i];
    if (dvonn.some((d) => d === s || neighbours(d).includes(s))) continue;
    dvonn.push(s);
    free.splice(i, 1);
    stacks[s] = 'd';
  }
  for (let i = free.length; i > 1; --i) {
    const j = below(i);
    [free[i - 1], free[j]] = [free[j], free[i - 1]];
  }
  free.forEach((s, i) => {
    stacks[s] = i < 23 ? 'w' : 'b';
  });
  return { stacks, phase: 'movement', toMove: 'white', placed: 49 };
}

// ---- game records: tags and moves ----
export function parseRecord(text) {
  const tags = {};
  const moves = [];
  let body = '';
  for (const line of String(text).split(/\r?\n/)) {
    const m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    else body += line.replace(/;.*$/, '') + '\n';
  }
  body = body.replace(/\{[^}]*\}/g, ' ');
  for (let tok of body.split(/\s+/)) {
    tok = tok.replace(/^\d+\.(\.\.)?/, '');
    if (!tok || ['1-0', '0-1', '1/2-1/2', '*'].includes(tok)) continue;
    const n = normaliseMove(tok);
    if (n.move) moves.push(n.move);
  }
  return { tags, moves };
}

// The start position a record describes (standard, random SEED or Position).
export function recordStart(tags) {
  if (tags.Position) return parsePositionString(tags.Position);
  const setup = (tags.Setup || 'standard').trim();
  const m = /^random\s+(\d+)$/.exec(setup);
  if (m) return randomSetup(BigInt(m[1]));
  return emptyPosition();
}

export function toPositionString(p) {
  const rows = [];
  for (let y = 0; y < 5; y++) {
    let row = '',
      empty = 0;
    for (let x = 0; x < 11; x++) {
      if (!onBoard(x, y)) continue;
      const st = p.stacks[squareName(x, y)];
      if (!st) {
        empty++;
        continue;
      }
      if (empty) {
        row += empty;
        empty = 0;
      }
      row += st.length > 1 ? `(${st})` : st;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${p.phase === 'placement' ? 'place' : 'move'} ${p.toMove === 'black' ? 'b' : 'w'}`;
}

// ---- who plays each move, and the numbered rows of a move list ----
// The side that plays each of `moves` from `start`, without checking the
// moves: placements alternate, White places the 49th piece and also makes
// the first stack move, then the sides alternate (a PASS takes a turn).
export function moversOf(start, moves) {
  const out = [];
  let side = start.toMove === 'black' ? 'black' : 'white';
  let placed = start.placed || 0;
  let placing = start.phase === 'placement';
  for (const m of moves) {
    out.push(side);
    if (placing && m !== 'PASS' && m.length === 2 && ++placed === 49) {
      placing = false;
      out.movementFrom = out.length; // the index of the first stack move
      side = 'white';
    } else side = other(side);
  }
  return out;
}

// Rows of {num, white, black} (move indexes or null), numbered as the game
// records are: a row starts with each White move, so a move always sits
// under its own colour (a Black move with no White move before it in its
// row is written "N... move").
export function moveRows(sides) {
  const rows = [];
  let row = null;
  sides.forEach((side, i) => {
    if (side === 'white' || !row || row.black != null) {
      row = { num: rows.length + 1, white: null, black: null };
      rows.push(row);
    }
    row[side] = i;
  });
  return rows;
}
