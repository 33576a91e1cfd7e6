// Checks a pasted position string as the server does (docs/position-string.md
// "Validation"), so a bad one is explained at once, in the reader's words,
// and changes nothing: {position} (rules.js's form) or {error: [key, params]}.
import * as Rules from '../rules.js';

const ROW_LENGTH = [9, 10, 11, 10, 9];
const ROW_START = [0, 0, 0, 1, 2];

function readRow(row, y, stacks) {
  let x = ROW_START[y];
  const end = ROW_START[y] + ROW_LENGTH[y];
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    let stack = null;
    if (c >= '0' && c <= '9') {
      let n = c;
      while (i + 1 < row.length && row[i + 1] >= '0' && row[i + 1] <= '9') n += row[++i];
      x += Number(n);
    } else if (c === '(') {
      const j = row.indexOf(')', i);
      if (j < 0) return ['analysis.bad.unclosed', { row: y + 1 }];
      stack = row.slice(i + 1, j);
      if (!stack) return ['analysis.bad.emptyStack', { row: y + 1 }];
      if (!/^[wbd]+$/.test(stack)) return ['analysis.bad.char', { row: y + 1, c: stack.replace(/[wbd]/g, '')[0] }];
      i = j;
    } else if ('wbd'.includes(c)) stack = c;
    else return ['analysis.bad.char', { row: y + 1, c }];
    if (stack) {
      if (x < end) stacks[Rules.squareName(x, y)] = stack;
      x++;
    }
    if (x > end) return ['analysis.bad.rowLength', { row: y + 1, n: ROW_LENGTH[y] }];
  }
  if (x !== end) return ['analysis.bad.rowLength', { row: y + 1, n: ROW_LENGTH[y] }];
  return null;
}

export function checkPositionString(text) {
  const parts = String(text).trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { error: ['analysis.bad.empty', {}] };
  if (parts.length !== 3) return { error: ['analysis.bad.fields', {}] };
  const rows = parts[0].split('/');
  if (rows.length !== 5) return { error: ['analysis.bad.rows', {}] };
  const stacks = {};
  for (let y = 0; y < 5; y++) {
    const bad = readRow(rows[y], y, stacks);
    if (bad) return { error: bad };
  }
  if (parts[1] !== 'place' && parts[1] !== 'move') return { error: ['analysis.bad.phase', {}] };
  if (parts[2] !== 'w' && parts[2] !== 'b') return { error: ['analysis.bad.side', {}] };
  const placement = parts[1] === 'place';
  const side = parts[2] === 'w' ? 'white' : 'black';
  const count = { w: 0, b: 0, d: 0 };
  let pieces = 0;
  for (const [sq, st] of Object.entries(stacks)) {
    for (const c of st) count[c]++;
    pieces += st.length;
    if (st.length > 1 && st.endsWith('d')) return { error: ['analysis.bad.dvonnTop', { sq }] };
    if (placement && st.length > 1) return { error: ['analysis.bad.placementStack', { sq }] };
  }
  if (count.w > 23 || count.b > 23 || count.d > 3) return { error: ['analysis.bad.tooMany', {}] };
  if (placement) {
    const n = pieces;
    if (n >= 49) return { error: ['analysis.bad.full', {}] };
    const want = {
      d: Math.min(n, 3),
      b: n < 3 ? 0 : Math.floor(n / 2) - 1,
      w: n < 3 ? 0 : Math.floor((n - 1) / 2) - 1,
    };
    if (count.d !== want.d || count.w !== want.w || count.b !== want.b)
      return { error: ['analysis.bad.placementCounts', { n }] };
    if (side !== (n % 2 === 0 ? 'white' : 'black')) return { error: ['analysis.bad.placementTurn', { n }] };
    return { position: { stacks, phase: 'placement', toMove: side, placed: n } };
  }
  if (count.d !== 3) return { error: ['analysis.bad.dvonnMissing', {}] };
  const cut = Rules.disconnected(stacks);
  if (cut.length) return { error: ['analysis.bad.disconnected', { sq: cut[0] }] };
  const p = { stacks, phase: 'movement', toMove: side, placed: 49 };
  if (!Rules.legalMoves(p).length) return { position: { ...p, phase: 'over', toMove: 'none' } };
  return { position: p };
}
