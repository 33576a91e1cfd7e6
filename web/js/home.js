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

// The games shown (a handful), each with its level, move number and whose
// turn it is from GET /api/games/{id}: one request per game, fetched once
// per visit of the home page (a language change reuses them).
const SHOWN = 6;
let known = new Map(); // id -> state, or null when it could not be loaded

export function renderSavedGames({ refresh = true } = {}) {
  const list = byTest('saved-games');
  list.innerHTML = '';
  const games = savedGames().slice(0, SHOWN);
  byTest('saved-section').hidden = games.length === 0;
  if (refresh) known = new Map();
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#game=${g.id}`;
    a.dataset.game = g.id;
    li.appendChild(a);
    list.appendChild(li);
    savedText(a, g);
    if (known.has(g.id)) continue;
    known.set(g.id, undefined);
    api
      .getState(g.id)
      .then((st) => {
        known.set(g.id, st);
        if (a.isConnected) savedText(a, g);
      })
      .catch(() => known.set(g.id, null));
  }
}

function savedText(a, g) {
  const st = known.get(g.id);
  const when = g.saved ? fmtDate(g.saved) : '';
  const mode = ['engine', 'online', 'local'].includes(g.mode) ? t(`saved.mode.${g.mode}`) : '';
  const level = st && st.mode === 'engine' && st.level ? t('saved.level', { n: st.level }) : '';
  const as = g.seat && g.seat !== 'both' ? t('saved.as', { side: sideName(g.seat) }) : '';
  let where = '';
  if (st && st.moves) {
    if (st.phase === 'over' || (st.result && st.result !== 'ongoing')) where = t('saved.over');
    else {
      const turn = st.to_move === g.seat ? t('saved.yourTurn') : t('saved.toMove', { side: sideName(st.to_move) });
      where = `${t('saved.moveNo', { n: st.moves.length + 1 })}, ${turn}`;
    }
    a.dataset.toMove = st.to_move;
    a.dataset.moves = String(st.moves.length);
  }
  a.textContent = `${when}: ${mode}${level}${as}${where ? ` — ${where}` : ''}`;
}
