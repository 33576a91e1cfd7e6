// "Play now" on the home page (docs/ui.md, docs/community-api.md): one tap
// seeks an opponent for a time control; the server pairs two seekers and
// both browsers open the game (a "paired" message on /ws/me). The grid
// shows how many wait and play at each control, live. Leaving the page or
// Cancel withdraws the seek; after a minute alone the engine is offered.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { saveSeat } from '../seats.js';
import { createAndOpen } from '../home.js';
import { session } from './session.js';
import { onUserMessage } from './user_channel.js';

const CONTROL_KEY = 'dvonn.playnow.control';
const RATED_KEY = 'dvonn.playnow.rated';
const DEFAULT_CONTROL = '10+0';

let controls = []; // [{control, waiting, playing}] as the server last said
let searching = null; // {control, rated} while this page seeks
let offerLevel = null; // the engine level offered after a minute alone
let shown = false;
let pollTimer = null;

function stored(key, fallback) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}
function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: remembered for this page only.
  }
}

// "10+5" as people read it; "1d" is a day a move.
export function controlName(control) {
  const days = /^(\d+)d$/.exec(control || '');
  return days ? t('playnow.days', { n: days[1] }) : control;
}

function lastControl() {
  return stored(CONTROL_KEY, DEFAULT_CONTROL);
}
function canRate() {
  return !!(session.user && !session.user.guest);
}
function ratedChosen() {
  const form = byTest('playnow-form');
  return canRate() && form.elements.rated.value === 'rated';
}

function render() {
  const u = session.user;
  const form = byTest('playnow-form');
  const ratedInput = byTest('playnow-rated');
  ratedInput.disabled = !canRate();
  if (ratedInput.disabled && ratedInput.checked) byTest('playnow-casual').checked = true;
  byTest('playnow-rated-why').hidden = canRate();
  byTest('playnow-signin').hidden = !!u;
  byTest('playnow-last').textContent = t('playnow.lastControl', { control: controlName(lastControl()) });
  const grid = byTest('playnow-grid');
  grid.innerHTML = '';
  const list = controls.length ? controls : [{ control: DEFAULT_CONTROL, waiting: 0, playing: 0 }];
  for (const c of list) {
    const b = el('button', { type: 'button', class: 'playnow-control', 'data-testid': 'playnow-control' });
    b.dataset.control = c.control;
    // The name is the text: "5+3, 2 waiting, 4 playing" (the comma heard,
    // not seen; inline, as a hidden block would add spaces to the name).
    b.append(
      el('span', { class: 'control' }, controlName(c.control)),
      el('span', { class: 'sep' }, ', '),
      el('br'),
      el('span', { class: 'counts' }, t('playnow.counts', { waiting: c.waiting, playing: c.playing })),
    );
    b.addEventListener('click', () => seek(c.control));
    grid.appendChild(b);
  }
  byTest('playnow-button').disabled = !!searching;
  form.elements.rated.forEach((r) => {
    if (searching) r.disabled = true;
    else if (r.value === 'casual') r.disabled = false;
  });
  const status = byTest('playnow-searching');
  status.hidden = !searching;
  byTest('playnow-status').textContent = searching
    ? t(searching.rated ? 'playnow.searchingRated' : 'playnow.searchingCasual', {
        control: controlName(searching.control),
      })
    : '';
  const offer = byTest('playnow-engine');
  offer.hidden = !(searching && offerLevel);
  byTest('playnow-engine-text').textContent = offerLevel ? t('playnow.engineOffer') : '';
  byTest('playnow-engine-button').textContent = offerLevel ? t('playnow.playEngine', { level: offerLevel }) : '';
}

function message(text) {
  byTest('playnow-message').textContent = text || '';
}

async function refresh() {
  try {
    const r = await api.seeks();
    if (r && Array.isArray(r.controls)) controls = r.controls;
    if (r && !r.mine && searching) {
      // Withdrawn elsewhere (another tab's cancel, the server).
      searching = null;
      offerLevel = null;
    }
    if (shown) render();
  } catch {
    // The grid keeps its last counts; the next push or poll updates it.
  }
}

async function seek(control) {
  message('');
  if (!session.user) {
    message(t('playnow.signInFirst'));
    byTest('playnow-signin').hidden = false;
    return;
  }
  const rated = ratedChosen();
  store(CONTROL_KEY, control);
  store(RATED_KEY, rated ? 'rated' : 'casual');
  searching = { control, rated };
  offerLevel = null;
  render();
  try {
    let r;
    try {
      r = await api.seek(control, rated);
    } catch (e) {
      // The page's channel may still be opening: once more, a moment later.
      if (e.status !== 409) throw e;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (!searching) return;
      r = await api.seek(control, rated);
    }
    if (r && Array.isArray(r.controls)) controls = r.controls;
  } catch (e) {
    searching = null;
    message(t('playnow.err', { error: errorText(e) }));
  }
  if (shown) render();
}

async function cancel() {
  searching = null;
  offerLevel = null;
  render();
  try {
    await api.seekCancel();
  } catch {
    // Closing the page withdraws it anyway.
  }
  refresh();
}

function onPaired(m) {
  if (!searching || !m.game || !m.token) return;
  searching = null;
  offerLevel = null;
  saveSeat(m.game, m.seat, m.token, 'online');
  location.hash = `game=${m.game}`;
}

// Shows the section (the home page opened).
export function showPlayNow() {
  shown = true;
  render();
  refresh();
  // Signed-out visitors have no channel: their grid is polled.
  clearInterval(pollTimer);
  pollTimer = setInterval(() => {
    if (!session.user && document.visibilityState === 'visible') refresh();
  }, 15000);
}

// Leaves the home page: a seek in progress is withdrawn.
export function leavePlayNow() {
  shown = false;
  clearInterval(pollTimer);
  pollTimer = null;
  if (searching) cancel();
}

export function relabelPlayNow() {
  if (shown) render();
}

export function setupPlayNow() {
  const form = byTest('playnow-form');
  if (stored(RATED_KEY, 'casual') === 'rated') byTest('playnow-rated').checked = true;
  form.addEventListener('submit', (ev) => ev.preventDefault());
  byTest('playnow-button').addEventListener('click', () => seek(lastControl()));
  byTest('playnow-cancel').addEventListener('click', cancel);
  byTest('playnow-engine-button').addEventListener('click', async () => {
    const level = offerLevel;
    await cancel();
    createAndOpen({ mode: 'engine', level, color: 'random' });
  });
  onUserMessage('paired', onPaired);
  onUserMessage('seeks', (m) => {
    if (!Array.isArray(m.controls)) return;
    controls = m.controls;
    if (shown) render();
  });
  onUserMessage('seek-engine-offer', (m) => {
    if (!searching || !Number.isInteger(m.level)) return;
    offerLevel = m.level;
    if (shown) render();
  });
  onUserMessage('seek-failed', () => {
    searching = null;
    message(t('playnow.failed'));
    if (shown) render();
  });
  // Closing or leaving the page: the seek goes (the channel closing does it
  // too, unless another tab stays open).
  window.addEventListener('pagehide', () => {
    if (!searching) return;
    fetch('/api/seeks/cancel', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      keepalive: true,
    }).catch(() => {});
  });
}
