// Telling the player it is their move. The tab's title says so while it
// is; a sound (off unless chosen) and a notification (only while the page
// is in the background, with permission asked on the click that turns it
// on) mark the moment it becomes so.
import { t } from './i18n.js';
import { byTest, say } from './dom.js';
import { isMyTurn, other, seatName } from './game_text.js';

const ALERT_KEY = { sound: 'dvonn:sound', notify: 'dvonn:notify' };
function alertOn(kind) {
  try {
    return localStorage.getItem(ALERT_KEY[kind]) === 'on';
  } catch {
    return false;
  }
}
function setAlert(kind, on) {
  try {
    localStorage.setItem(ALERT_KEY[kind], on ? 'on' : 'off');
  } catch {
    /* private mode */
  }
}

let audio = null;
// One audio context for the page (the move sounds use it too).
export function audioContext() {
  audio = audio || new (window.AudioContext || window.webkitAudioContext)();
  return audio;
}
export function soundOn() {
  return alertOn('sound');
}
function beep() {
  try {
    audioContext();
    const osc = audio.createOscillator(),
      gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch {
    /* no audio */
  }
}

function notify(game, st) {
  if (!alertOn('notify') || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const opp = other(game.seat);
  const pl = st.players && st.players[opp];
  const body = st.last_move
    ? t('notify.body', { name: (pl && pl.name) || seatName(game, opp), move: st.last_move })
    : t('notify.bodyStart');
  try {
    const n = new Notification(t('notify.title'), { body, tag: `dvonn-${game.id}`, icon: 'favicon.svg' });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* some browsers only notify from a service worker */
  }
}

// Called on every render: the title now, the sound and notification when
// the turn has just come to this seat (not on opening the game).
export function updateTurnAlert(game) {
  const yours = !!game && !!game.state && game.seat !== 'both' && isMyTurn(game) && game.state.started !== false;
  document.title = yours ? t('title.yourMove') : t('app.title');
  document.body.dataset.yourMove = yours ? 'true' : 'false';
  if (!game || !game.state) return;
  const key = `${game.state.id}:${game.state.version}`;
  if (yours && game.turnSeen === false && game.turnKey !== key) {
    if (alertOn('sound')) beep();
    if (document.visibilityState === 'hidden') notify(game, game.state);
  }
  game.turnSeen = yours;
  game.turnKey = key;
}

export function setupAlerts() {
  const sound = byTest('sound-toggle'),
    note = byTest('notify-toggle');
  sound.checked = alertOn('sound');
  note.checked = alertOn('notify') && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  sound.addEventListener('change', () => {
    setAlert('sound', sound.checked);
    // Browsers start audio only after a user action: this is one.
    if (sound.checked) {
      try {
        audio = audio || new (window.AudioContext || window.webkitAudioContext)();
        audio.resume();
      } catch {
        /* none */
      }
    }
  });
  note.addEventListener('change', async () => {
    if (!note.checked) {
      setAlert('notify', false);
      return;
    }
    if (typeof Notification === 'undefined') {
      note.checked = false;
      say(t('alert.unsupported'), 'error');
      return;
    }
    let perm = Notification.permission;
    if (perm === 'default') perm = await Notification.requestPermission();
    note.checked = perm === 'granted';
    setAlert('notify', note.checked);
    if (perm === 'denied') say(t('alert.denied'), 'error');
  });
}
