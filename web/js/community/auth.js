// The account page (#login, #signup, #guest): signing in, signing up and
// playing as a guest.
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { session, renderHeader } from './session.js';

const NAME_RE = /^[A-Za-z][A-Za-z0-9_-]{2,19}$/;

export function showAuth(params) {
  const which = params.has('signup') ? 'signup' : params.has('guest') ? 'guest' : 'login';
  for (const f of ['login', 'signup', 'guest']) byTest(`${f}-error`).textContent = '';
  byTest('auth-message').textContent = session.user ? t('auth.already', { name: session.user.name }) : '';
  const input = byTest(`${which}-name`);
  setTimeout(() => input.focus(), 0);
}

function authError(kind, e) {
  if (e.status === 0) return errorText(e);
  if (e.status === 429) return t('auth.err.tooMany');
  if (kind === 'login' && e.status === 401) return t('auth.err.wrong');
  if (kind !== 'login' && e.status === 409) return t('auth.err.taken');
  if (e.status === 404) return t('error.unavailable');
  return t('error.server', { error: e.message });
}

function checkName(name) {
  if (!NAME_RE.test(name)) return t('auth.err.name');
  if (/^engine/i.test(name)) return t('auth.err.reserved');
  return null;
}

function afterLogin(user) {
  session.user = user;
  renderHeader();
  location.hash = 'lobby';
}

export function setupAuthForms() {
  const bind = (kind, send) => {
    const form = byTest(`${kind}-form`);
    const err = byTest(`${kind}-error`);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      err.textContent = '';
      const name = form.elements.name.value.trim();
      const pw = form.elements.password ? form.elements.password.value : null;
      let problem = null;
      if (!name) problem = t('auth.err.noName');
      else if (kind !== 'login') problem = checkName(name);
      if (!problem && kind === 'login' && !pw) problem = t('auth.err.noPassword');
      if (!problem && kind === 'signup' && (new TextEncoder().encode(pw).length < 8 || pw.length > 128))
        problem = t('auth.err.password');
      if (problem) {
        err.textContent = problem;
        return;
      }
      const btn = form.querySelector('button[type=submit]');
      btn.disabled = true;
      try {
        const r = await send(name, pw);
        form.reset();
        afterLogin(r.user);
      } catch (e) {
        err.textContent = authError(kind, e);
      } finally {
        btn.disabled = false;
      }
    });
  };
  bind('login', (n, p) => api.login(n, p));
  bind('signup', (n, p) => api.signup(n, p));
  bind('guest', (n) => api.guest(n));
}
