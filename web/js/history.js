// The history: every earlier position, replayed here from the start
// position (rules.js) and checked against the server's; the slider and the
// buttons that step through it, and branching off an engine game from the
// position shown.
import * as Rules from './rules.js';
import { api } from './api.js';
import { t, errorText } from './i18n.js';
import { byTest, say } from './dom.js';
import { hideStackInfo } from './board_view.js';
import { createAndOpen } from './home.js';

// currentGame() is the game shown (or null); render() draws it again.
let hooks = { currentGame: () => null, render: () => {} };

export function setupHistory({ currentGame, render }) {
  hooks = { currentGame, render };
  const slider = byTest('history-slider');
  slider.addEventListener('input', () => goTo(Number(slider.value)));
  byTest('hist-first').addEventListener('click', () => goTo(0));
  byTest('hist-prev').addEventListener('click', () => goBy(-1));
  byTest('hist-next').addEventListener('click', () => goBy(1));
  byTest('hist-last').addEventListener('click', () => goTo(currentGame().state.moves.length));
  byTest('back-live').addEventListener('click', () => goTo(currentGame().state.moves.length));
  byTest('branch').addEventListener('click', async () => {
    const game = currentGame();
    const upto = game.viewIndex;
    const p = game.hist[upto].position;
    try {
      const record = await api.record(game.id);
      await createAndOpen({
        mode: 'engine',
        level: game.state.level || 3,
        color: p.toMove === 'black' ? 'black' : 'white',
        record,
        upto,
      });
    } catch (e) {
      say(t('hist.branchFailed', { error: errorText(e) }), 'error');
    }
  });
}

export function renderHistory(game) {
  const st = game.state;
  const n = st.moves.length;
  const slider = byTest('history-slider');
  const cur = game.viewIndex == null ? n : game.viewIndex;
  slider.max = String(n);
  slider.value = String(cur);
  const ok = !!game.hist && !game.histError;
  slider.disabled = !ok || n === 0;
  for (const [id, dis] of [
    ['hist-first', cur === 0],
    ['hist-prev', cur === 0],
    ['hist-next', cur >= n],
    ['hist-last', cur >= n],
  ]) {
    byTest(id).disabled = !ok || dis;
  }
  const label = byTest('history-label');
  if (game.histError) label.textContent = t('hist.unavailable', { error: game.histError });
  else if (game.viewIndex == null) label.textContent = n ? t('hist.live', { n }) : t('hist.liveNone');
  else label.textContent = cur ? t('hist.after', { cur, n, move: st.moves[cur - 1] }) : t('hist.atStart', { n });
  byTest('history-banner').hidden = game.viewIndex == null;
  byTest('branch').hidden = game.viewIndex == null;
}

// Shows the position after `index` moves (the live one at the end).
export function goTo(index) {
  const game = hooks.currentGame();
  if (!game || !game.hist) return;
  const n = game.state.moves.length;
  index = Math.max(0, Math.min(n, index));
  game.viewIndex = index >= n ? null : index;
  game.selected = null;
  say(''); // a message about the live position (an error, a selection) is stale
  hideStackInfo();
  hooks.render();
}

// One move back (-1) or forward (+1) from the position shown.
export function goBy(delta) {
  const game = hooks.currentGame();
  goTo((game.viewIndex ?? game.state.moves.length) + delta);
}

// Replays the game's moves from its start (the empty board, or the start
// its record names) into game.hist, then draws the game again.
export async function loadHistory(game) {
  const st = game.state;
  if (!game.start) {
    const standard =
      (st.moves.length === 0 && st.phase === 'placement' && st.placed === 0) ||
      (st.moves.length > 0 && st.moves[0].length === 2 && st.moves[0] !== 'PASS' && !game.needsRecord);
    if (standard) game.start = Rules.emptyPosition();
    else {
      try {
        const text = await api.record(game.id);
        game.start = Rules.recordStart(Rules.parseRecord(text).tags);
      } catch (e) {
        game.histError = t('hist.noStart');
        hooks.render();
        return;
      }
    }
  }
  const hist = Rules.replay(game.start, game.state.moves);
  const final = hist[hist.length - 1].position.stacks;
  const same =
    Object.keys(final).length === Object.keys(st.stacks).length &&
    Object.entries(final).every(([k, v]) => st.stacks[k] === v);
  if (hist.error || !same) {
    if (game.start.placed === 0 && !game.needsRecord) {
      // Not a standard start after all: ask for the record once.
      game.needsRecord = true;
      game.start = null;
      return loadHistory(game);
    }
    game.hist = null;
    game.histError = hist.error || t('hist.differs');
  } else {
    game.hist = hist;
    game.histError = null;
  }
  if (game.viewIndex != null && game.viewIndex > st.moves.length) game.viewIndex = null;
  hooks.render();
}
