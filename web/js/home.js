// The home page: the new-game form (against the engine, online or on one
// screen; a random setup), creating a game, and the games this browser
// holds a seat in.
import { api } from './api.js';
import { t, errorText, fmtDate } from './i18n.js';
import { $, byTest } from './dom.js';
import { sideName } from './game_text.js';
import { saveSeat, savedGames } from './seats.js';
import { session } from './community/session.js';

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

// Creates a game from the options of POST /api/games and opens it.
export async function createAndOpen(opts) {
  const btns = document.querySelectorAll('#home button');
  btns.forEach((b) => {
    b.disabled = true;
  });
  try {
    const r = await api.createGame(opts);
    saveSeat(r.id, r.seat, r.token, opts.mode);
    location.hash = `game=${r.id}`;
  } catch (e) {
    byTest('home-message').textContent = t('home.createFailed', { error: errorText(e) });
  } finally {
    btns.forEach((b) => {
      b.disabled = false;
    });
  }
}

let syncForm = () => {};
// The new-game form follows the mode chosen (and whether a member is signed
// in, for rated engine games).
export function syncHomeForm() {
  syncForm();
}

export function setupHome() {
  const form = byTest('new-game-form');
  const sync = () => {
    const mode = form.elements.mode.value;
    $('.engine-only', form).hidden = mode !== 'engine';
    $('.colour-choice', form).hidden = mode === 'local';
    form.elements.seed.disabled = !form.elements.random.checked;
    const u = session.user;
    $('.rated-engine', form).hidden = !(mode === 'engine' && u && !u.guest);
  };
  syncForm = sync;
  form.addEventListener('change', sync);
  sync();
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const mode = form.elements.mode.value;
    const opts = { mode };
    if (mode === 'engine') opts.level = Number(form.elements.level.value);
    if (mode === 'engine' && form.elements.rated.checked && !$('.rated-engine', form).hidden) opts.rated = true;
    if (mode !== 'local') opts.color = form.elements.color.value;
    if (form.elements.random.checked) {
      const s = form.elements.seed.value.trim();
      opts.random_setup = s === '' ? randomSeed() : Number(s);
      if (!Number.isInteger(opts.random_setup) || opts.random_setup < 0) {
        byTest('home-message').textContent = t('home.badSeed');
        return;
      }
    }
    createAndOpen(opts);
  });
}

export function renderSavedGames() {
  const list = byTest('saved-games');
  list.innerHTML = '';
  const games = savedGames().slice(0, 12);
  byTest('saved-section').hidden = games.length === 0;
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#game=${g.id}`;
    const when = g.saved ? fmtDate(g.saved) : '';
    const mode = ['engine', 'online', 'local'].includes(g.mode) ? t(`saved.mode.${g.mode}`) : '';
    a.textContent = `${when}: ${mode}${g.seat && g.seat !== 'both' ? t('saved.as', { side: sideName(g.seat) }) : ''}`;
    li.appendChild(a);
    list.appendChild(li);
  }
}
