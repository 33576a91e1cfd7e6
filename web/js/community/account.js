// Your account (#account, the page 'settings'; the header's "account" is
// the name and log-out): change the password, download all your games,
// delete the account (docs/community-api.md, "Your account").
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { session, renderHeader, loadSession } from './session.js';
import { onUserMessage } from './user_channel.js';
import { currentPage } from './current_page.js';

export function showAccount() {
  const u = session.user;
  byTest('account-body').hidden = !u;
  byTest('settings-message').textContent = u ? '' : t('account.signedOut');
  if (!u) return;
  // Guests have no password: nothing to change, nothing to ask on deletion.
  byTest('password-form').hidden = !!u.guest;
  byTest('delete-password').hidden = !!u.guest;
  byTest('delete-password-label').hidden = !!u.guest;
  byTest('export-link').setAttribute('download', `dvonn-games-${u.name}.txt`);
  for (const k of ['password-error', 'password-done', 'delete-error']) byTest(k).textContent = '';
  byTest('delete-confirm').hidden = true;
  byTest('delete-start').setAttribute('aria-expanded', 'false');
}

function problemText(e) {
  if (e.status === 0) return errorText(e);
  if (e.status === 403) return t('account.err.wrongPassword');
  if (e.status === 429) return t('auth.err.tooMany');
  if (e.status === 409) return t('account.err.unfinished');
  if (e.status === 401) return t('account.signedOut');
  return t('error.server', { error: e.message });
}

export function setupAccount() {
  // A password changed or the account deleted in another tab: this tab's
  // session may be gone; the header (and this page) follow.
  onUserMessage('session_check', async () => {
    const before = session.user && session.user.name;
    await loadSession();
    const current = currentPage();
    if ((session.user && session.user.name) !== before && current && current.page === 'settings') showAccount();
  });
  const pwForm = byTest('password-form');
  pwForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = byTest('password-error');
    const done = byTest('password-done');
    err.textContent = '';
    done.textContent = '';
    const oldPw = pwForm.elements.old.value;
    const newPw = pwForm.elements.new.value;
    if (!oldPw) return void (err.textContent = t('auth.err.noPassword'));
    if (new TextEncoder().encode(newPw).length < 8 || newPw.length > 128)
      return void (err.textContent = t('auth.err.password'));
    const btn = byTest('password-submit');
    btn.disabled = true;
    try {
      await api.changePassword(oldPw, newPw);
      pwForm.reset();
      done.textContent = t('account.passwordChanged');
    } catch (e) {
      err.textContent = problemText(e);
    } finally {
      btn.disabled = false;
    }
  });

  const start = byTest('delete-start');
  start.addEventListener('click', () => {
    const box = byTest('delete-confirm');
    box.hidden = !box.hidden;
    start.setAttribute('aria-expanded', String(!box.hidden));
    if (!box.hidden) (session.user && session.user.guest ? byTest('delete-word') : byTest('delete-password')).focus();
  });
  const delForm = byTest('delete-form');
  delForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = byTest('delete-error');
    err.textContent = '';
    const u = session.user;
    if (!u) return void (err.textContent = t('account.signedOut'));
    const word = delForm.elements.confirm.value.trim();
    const pw = delForm.elements.password.value;
    if (word !== 'DELETE') return void (err.textContent = t('account.err.confirm'));
    if (!u.guest && !pw) return void (err.textContent = t('auth.err.noPassword'));
    const btn = byTest('delete-submit');
    btn.disabled = true;
    try {
      await api.deleteAccount(u.guest ? null : pw, word);
      delForm.reset();
      session.user = null;
      renderHeader();
      location.hash = '';
    } catch (e) {
      err.textContent = problemText(e);
    } finally {
      btn.disabled = false;
    }
  });
}
