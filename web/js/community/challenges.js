// Challenges (docs/community-api.md): the dialog that sends one (colour,
// clock, rated), the toast of one received (Accept / Decline, live over
// /ws/me), and what follows an answer: both players land in the game.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { saveSeat } from '../seats.js';
import { onUserMessage } from './user_channel.js';
import { session } from './session.js';

let dialogTarget = null;

// Opens the dialog to challenge a player (a name).
export function openChallengeDialog(name) {
  dialogTarget = name;
  const dialog = byTest('challenge-dialog');
  byTest('challenge-title').textContent = t('challenge.title', { name });
  byTest('challenge-message').textContent = '';
  // Guests play unrated games only.
  const rated = byTest('challenge-rated');
  rated.checked = false;
  rated.disabled = !!(session.user && session.user.guest);
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeDialog() {
  const dialog = byTest('challenge-dialog');
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

function clockOf(value) {
  const [kind, a, b] = value.split(':');
  if (kind === 'rt') return { type: 'realtime', initial: Number(a), increment: Number(b) };
  if (kind === 'cc') return { type: 'correspondence', days: Number(a) };
  return null;
}

const shownToasts = new Map(); // challenge id -> its toast

// The toast of a challenge answered elsewhere (the list, another tab) goes.
function dropToast(id) {
  const box = shownToasts.get(id);
  if (box) box.remove();
  shownToasts.delete(id);
}

// Accepts a challenge and opens its game; false (and said) when refused.
export async function acceptChallenge(id, sayError) {
  try {
    const r = await api.answerChallenge(id, 'accept');
    dropToast(id);
    saveSeat(r.game, r.seat, r.token, 'online');
    location.hash = `game=${r.game}`;
    return true;
  } catch (e) {
    sayError(errorText(e));
    return false;
  }
}

export async function declineChallenge(id, sayError) {
  try {
    await api.answerChallenge(id, 'decline');
    dropToast(id);
    return true;
  } catch (e) {
    sayError(errorText(e));
    return false;
  }
}

// A toast in the header: text, and buttons [{label, testid, run}]; closes
// itself after `ms` when given.
export function toast(text, buttons = [], ms = 0, testid = 'toast') {
  const box = document.createElement('div');
  box.className = 'toast';
  box.dataset.testid = testid;
  const p = document.createElement('p');
  p.textContent = text;
  box.appendChild(p);
  const close = () => box.remove();
  for (const b of buttons) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = b.label;
    button.dataset.testid = b.testid;
    if (b.primary) button.className = 'primary';
    button.addEventListener('click', async () => {
      if ((await b.run((msg) => (p.textContent = msg))) !== false) close();
    });
    box.appendChild(button);
  }
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'toast-close';
  dismiss.textContent = '×';
  dismiss.setAttribute('aria-label', t('toast.close'));
  dismiss.addEventListener('click', close);
  box.appendChild(dismiss);
  byTest('toasts').appendChild(box);
  if (ms) setTimeout(close, ms);
  return box;
}

// "10+5", "3 days a move" or "untimed" for a challenge's clock.
export function clockText(clock) {
  if (!clock) return t('challenge.untimed');
  if (clock.type === 'realtime') return `${Math.round(clock.initial / 60)}+${clock.increment}`;
  return t('challenge.days', { n: clock.days });
}

export function challengeText(c) {
  return t('challenge.received', {
    name: c.from.name,
    clock: clockText(c.clock),
    rated: c.rated ? t('challenge.ratedShort') : t('challenge.casualShort'),
  });
}

export function setupChallenges() {
  byTest('challenge-close').addEventListener('click', closeDialog);
  byTest('challenge-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    const body = {
      to: dialogTarget,
      color: form.querySelector('input[name=color]:checked').value,
      clock: clockOf(byTest('challenge-clock').value),
      rated: byTest('challenge-rated').checked,
    };
    try {
      await api.challenge(body);
      closeDialog();
      toast(t('challenge.sent', { name: dialogTarget }), [], 6000, 'challenge-sent');
    } catch (e) {
      byTest('challenge-message').textContent = errorText(e);
    }
  });
  onUserMessage('challenge', ({ challenge: c }) => {
    const box = toast(
      challengeText(c),
      [
        {
          label: t('challenge.accept'),
          testid: 'challenge-accept',
          primary: true,
          run: (say) => acceptChallenge(c.id, say),
        },
        { label: t('challenge.decline'), testid: 'challenge-decline', run: (say) => declineChallenge(c.id, say) },
      ],
      0,
      'challenge-toast',
    );
    shownToasts.set(c.id, box);
  });
  onUserMessage('challenge-cancelled', ({ challenge: c }) => dropToast(c.id));
  onUserMessage('challenge-accepted', (m) => {
    saveSeat(m.game, m.seat, m.token, 'online');
    location.hash = `game=${m.game}`;
  });
  onUserMessage('challenge-declined', ({ challenge: c }) => {
    toast(t('challenge.declined', { name: c.to.name }), [], 8000, 'challenge-declined');
  });
}
