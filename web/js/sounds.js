// Move sounds, behind the same switch as the turn sound (alerts.js): a
// placement, a stack move, stacks removed (cut off from the Dvonn pieces)
// and the end of the game. Each is a short sample computed here and played
// through the Web Audio API: no audio files. window.__dvonnSounds lists the
// kinds played, in order (for the tests, and for anyone curious).
import { audioContext, soundOn } from './alerts.js';
import { isOver } from './game_text.js';

const played = (window.__dvonnSounds = window.__dvonnSounds || []);

// kind -> [frequency at start, at end, seconds, noise share], one or more notes
const NOTES = {
  place: [[220, 180, 0.09, 0.35]],
  move: [
    [330, 300, 0.07, 0.3],
    [440, 400, 0.09, 0.3],
  ],
  remove: [[620, 140, 0.35, 0.15]],
  end: [
    [523, 523, 0.16, 0],
    [659, 659, 0.16, 0],
    [784, 784, 0.3, 0],
  ],
};
const buffers = {};
let free = 0; // when the last sound scheduled ends: sounds follow each other

function sample(ctx, kind) {
  if (buffers[kind]) return buffers[kind];
  const rate = ctx.sampleRate;
  const total = NOTES[kind].reduce((s, n) => s + n[2], 0);
  const buf = ctx.createBuffer(1, Math.ceil(rate * total), rate);
  const data = buf.getChannelData(0);
  let at = 0,
    seed = 7;
  for (const [f0, f1, len, noise] of NOTES[kind]) {
    const n = Math.floor(rate * len);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const x = i / n;
      phase += (2 * Math.PI * (f0 + (f1 - f0) * x)) / rate;
      seed = (seed * 16807) % 2147483647;
      const hiss = (seed / 2147483647) * 2 - 1;
      const env = Math.min(1, i / (rate * 0.004)) * Math.pow(1 - x, 2);
      data[at + i] = 0.3 * env * ((1 - noise) * Math.sin(phase) + noise * hiss);
    }
    at += n;
  }
  buffers[kind] = buf;
  return buf;
}

export function playSound(kind) {
  if (!soundOn() || !NOTES[kind]) return;
  played.push(kind);
  try {
    const ctx = audioContext();
    const src = ctx.createBufferSource();
    src.buffer = sample(ctx, kind);
    src.connect(ctx.destination);
    const at = Math.max(ctx.currentTime, free);
    src.start(at);
    free = at + src.buffer.duration;
  } catch {
    /* no audio */
  }
}

// The sounds for a new state after prev: the move just made (not a pass),
// stacks it removed, the end of the game (however it ended).
export function soundsFor(prev, st) {
  if (!prev || prev.id !== st.id) return;
  const m = st.last_move;
  if (st.moves.length > prev.moves.length && m && m !== 'PASS') {
    playSound(m.length === 2 ? 'place' : 'move');
    if (Object.keys(st.removed || {}).length) playSound('remove');
  }
  if (!isOver(prev) && isOver(st)) playSound('end');
}
