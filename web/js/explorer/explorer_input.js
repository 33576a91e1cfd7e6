// What the explorer's set-up box reads: a position string, or a game
// record (docs/game-record.md) whose placements the explorer then walks
// along. Checked here so that a bad one is explained in the reader's words
// and changes nothing: {path: [{position, move}...]} or {error: [key, params]}.
import * as Rules from '../rules.js';
import { checkPositionString } from '../analysis/analysis_position.js';

function looksLikePosition(text) {
  return !/\n/.test(text.trim()) && !/^\s*\[/.test(text) && text.includes('/');
}

// The moves of a record's text, strictly: a word that is not a move is an
// error (rules.js's reader skips it).
function recordMoves(text) {
  let body = '';
  for (const line of String(text).split(/\r?\n/)) {
    if (/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.test(line)) continue;
    body += line.replace(/;.*$/, '') + '\n';
  }
  body = body.replace(/\{[^}]*\}/g, ' ');
  const moves = [];
  for (let tok of body.split(/\s+/)) {
    tok = tok.replace(/^\d+\.(\.\.)?/, '');
    if (!tok || ['1-0', '0-1', '1/2-1/2', '*'].includes(tok)) continue;
    const n = Rules.normaliseMove(tok);
    if (!n.move) return { error: ['explorer.input.badMove', { move: tok }] };
    moves.push(n.move);
  }
  return { moves };
}

export function readExplorerInput(text) {
  if (!String(text).trim()) return { error: ['explorer.input.empty', {}] };
  if (looksLikePosition(text)) {
    const r = checkPositionString(text);
    if (r.error) return { error: r.error };
    if (r.position.phase !== 'placement') return { error: ['explorer.input.notPlacement', {}] };
    return { path: [{ position: r.position, move: null }] };
  }
  const read = recordMoves(text);
  if (read.error) return read;
  let start;
  try {
    start = Rules.recordStart(Rules.parseRecord(text).tags);
  } catch {
    return { error: ['explorer.input.badStart', {}] };
  }
  if (start.phase !== 'placement') return { error: ['explorer.input.notPlacement', {}] };
  const path = [{ position: start, move: null }];
  for (const [i, move] of read.moves.entries()) {
    const p = path[path.length - 1].position;
    if (p.phase !== 'placement') break; // the explorer stops where placing ends
    const r = Rules.applyMove(p, move);
    if (r.error) return { error: ['explorer.input.illegal', { n: i + 1, move }] };
    path.push({ position: r.position, move });
  }
  return { path };
}
