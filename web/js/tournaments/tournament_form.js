// The form that creates a tournament (on #tournaments): name, kind, clock
// (presets or custom), rated, rounds (Swiss) or duration (arena), when it
// starts (in N minutes or at a date and time) and an optional password.
// The server checks everything; its refusal is shown under the form.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { $, byTest } from '../dom.js';
import { session } from '../community/session.js';

// The clock of the form: a preset "300+3" (seconds + seconds) or custom.
function clockOf(form) {
  const v = form.elements.clock.value;
  if (v !== 'custom') {
    const [initial, increment] = v.split('+').map(Number);
    return { type: 'realtime', initial, increment };
  }
  const minutes = Number(form.elements.minutes.value);
  const increment = Number(form.elements.increment.value);
  return { type: 'realtime', initial: Math.round(minutes * 60), increment };
}

// When it starts, in ms: now + N minutes, or the local date and time given.
function startOf(form) {
  if (form.elements.start.value === 'at') {
    const at = form.elements.startAt.value;
    return at ? new Date(at).getTime() : NaN;
  }
  return Date.now() + Math.round(Number(form.elements.startIn.value) * 60000);
}

export function bodyOf(form) {
  const kind = form.elements.kind.value;
  const body = {
    name: form.elements.name.value.trim(),
    kind,
    clock: clockOf(form),
    rated: form.elements.rated.checked,
    starts_ms: startOf(form),
  };
  if (kind === 'swiss') body.rounds = Number(form.elements.rounds.value);
  if (kind === 'arena') body.duration_minutes = Number(form.elements.duration.value);
  const password = form.elements.password.value;
  if (password) body.password = password;
  return body;
}

// The parts of the form that the choices so far call for.
function sync() {
  const form = byTest('tournament-form');
  const kind = form.elements.kind.value;
  $('.swiss-only', form).hidden = kind !== 'swiss';
  $('.arena-only', form).hidden = kind !== 'arena';
  $('.round-robin-only', form).hidden = kind !== 'round_robin';
  $('.custom-clock', form).hidden = form.elements.clock.value !== 'custom';
  const at = form.elements.start.value === 'at';
  form.elements.startIn.disabled = at;
  form.elements.startAt.disabled = !at;
  const u = session.user;
  byTest('tournament-form-account').hidden = !!(u && !u.guest);
}

function toggle(open) {
  const button = byTest('tournament-create-open');
  const form = byTest('tournament-form');
  form.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  if (open) {
    sync();
    form.elements.name.focus();
  }
}

// The list page opened: the form follows who is signed in.
export function syncTournamentForm() {
  sync();
}

export function setupTournamentForm() {
  const form = byTest('tournament-form');
  byTest('tournament-create-open').addEventListener('click', () => toggle(form.hidden));
  byTest('tournament-form-close').addEventListener('click', () => {
    toggle(false);
    byTest('tournament-create-open').focus();
  });
  form.addEventListener('change', sync);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const error = byTest('tournament-form-error');
    error.textContent = '';
    const body = bodyOf(form);
    if (!Number.isFinite(body.starts_ms)) {
      error.textContent = t('tournaments.form.noStart');
      form.elements.startAt.focus();
      return;
    }
    const submit = byTest('tournament-form-submit');
    submit.disabled = true;
    try {
      const r = await api.createTournament(body);
      form.reset();
      toggle(false);
      location.hash = `tournament/${encodeURIComponent(r.tournament.id)}`;
    } catch (e) {
      error.textContent = t('tournaments.form.refused', { error: errorText(e) });
    } finally {
      submit.disabled = false;
    }
  });
  sync();
}
