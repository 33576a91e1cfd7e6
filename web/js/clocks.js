// The two clocks beside the players: real time (ticking here between the
// server's states) or correspondence (the time left for this move).
import { t } from './i18n.js';
import { byTest } from './dom.js';
import { isOver, sideName } from './game_text.js';

// currentGame() is the game shown (or null); refetch(g) asks the server for
// g's state again if g is still the one shown.
let hooks = { currentGame: () => null, refetch: () => {} };
export function setupClocks({ currentGame, refetch }) {
  hooks = { currentGame, refetch };
}

// A real-time clock counts down from the state's white_ms/black_ms, as of the
// state's server_time; the time since the state arrived is taken off the
// running side (so a wrong local clock does not matter).
function fmtClock(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return `0:${(ms / 1000).toFixed(1).padStart(4, '0')}`;
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  return h
    ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
    : `${m}:${String(sec).padStart(2, '0')}`;
}

function fmtLeft(ms) {
  ms = Math.max(0, ms);
  const mins = Math.floor(ms / 60000);
  const d = Math.floor(mins / 1440),
    h = Math.floor((mins % 1440) / 60),
    m = mins % 60;
  if (d) return t('clock.leftDays', { d, h });
  if (h) return t('clock.leftHours', { h, m });
  return t('clock.leftMinutes', { m });
}

function clockMs(game, side) {
  const c = game.state.clock;
  let ms = c[`${side}_ms`];
  if (c.running === side && !isOver(game.state)) ms -= performance.now() - game.clockAt;
  return ms;
}

let clockTimer = null;
function renderClocks() {
  const game = hooks.currentGame();
  if (!game || !game.state) return;
  const st = game.state;
  const c = st.clock;
  for (const side of ['white', 'black']) {
    const el = byTest(`clock-${side}`);
    if (!c || (c.type !== 'realtime' && c.type !== 'correspondence')) {
      el.hidden = true;
      continue;
    }
    el.hidden = false;
    const running = c.running === side && !isOver(st);
    el.classList.toggle('running', running);
    el.classList.toggle('corr', c.type === 'correspondence');
    if (c.type === 'realtime') {
      const ms = clockMs(game, side);
      el.textContent = fmtClock(ms);
      el.dataset.ms = String(Math.max(0, Math.round(ms)));
      el.classList.toggle('low', ms < Math.min(20000, c.initial * 1000 * 0.2 + 1));
      el.setAttribute('aria-label', t('clock.aria', { side: sideName(side), time: fmtClock(ms) }));
      if (running && ms <= 0 && !game.flagAsked) {
        // The server ends the game on time; ask for the state in case the
        // socket message was lost.
        game.flagAsked = true;
        const g = game;
        setTimeout(() => hooks.refetch(g), 1500);
      }
    } else {
      const ms = c.deadline != null ? c.deadline - (c.server_time + (performance.now() - game.clockAt)) : null;
      el.textContent = running && ms != null ? fmtLeft(ms) : t('clock.perMove', { n: c.days });
      el.classList.toggle('low', running && ms != null && ms < 6 * 3600 * 1000);
    }
  }
}

export function syncClockTimer() {
  const game = hooks.currentGame();
  const live = game && game.state && game.state.clock && game.state.clock.running && !isOver(game.state);
  if (live && !clockTimer) clockTimer = setInterval(renderClocks, 100);
  else if (!live && clockTimer) {
    clearInterval(clockTimer);
    clockTimer = null;
  }
  renderClocks();
}

export function stopClockTimer() {
  if (clockTimer) {
    clearInterval(clockTimer);
    clockTimer = null;
  }
}
