// Translations: one flat JSON file per language under web/i18n/ (code.json),
// English (en.json) holding every key. The language is the one chosen with the
// switch (remembered in localStorage), else the first of navigator.languages
// that the server has, else English. The list of languages comes from
// GET /api/languages; nothing in the UI lists them, so adding a language is
// adding a file.
//
//   await initI18n();            // once, before the first render
//   t('key', { name: 'x' })      // "Hello {name}" -> "Hello x"
//   applyI18n(root)              // fills [data-i18n], [data-i18n-html], [data-i18n-attr]

const STORE_KEY = 'dvonn:lang';
let strings = {};
let fallback = {};
let current = 'en';
let languages = [{ code: 'en', name: 'English' }];
const listeners = [];

function base() {
  // i18n/ next to index.html and rules.html (both at the web root).
  return new URL('i18n/', document.baseURI).href;
}

async function loadFile(code) {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(code)) return null;
  try {
    const res = await fetch(`${base()}${code}.json`, { cache: 'no-cache' });
    if (!res.ok) return null;
    const data = await res.json();
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

async function loadList() {
  try {
    const res = await fetch('/api/languages', { cache: 'no-cache' });
    if (!res.ok) return null;
    const data = await res.json();
    if (data && Array.isArray(data.languages) && data.languages.length) {
      return data.languages.filter((l) => l && typeof l.code === 'string');
    }
  } catch {
    /* fall back */
  }
  return null;
}

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

// Candidate codes, best first: the remembered choice, then the browser's.
function candidates() {
  const out = [];
  const s = stored();
  if (s) out.push(s);
  for (const l of navigator.languages || [navigator.language || 'en']) {
    if (!l) continue;
    const low = l.toLowerCase();
    out.push(low);
    out.push(low.split('-')[0]);
  }
  out.push('en');
  return [...new Set(out)];
}

export async function initI18n() {
  const [list, en] = await Promise.all([loadList(), loadFile('en')]);
  fallback = en || {};
  if (list) languages = list;
  let chosen = 'en';
  let data = fallback;
  for (const code of candidates()) {
    if (code === 'en') break;
    // With the server's list, only listed languages; without it, try the file.
    if (list && !list.some((l) => l.code === code)) continue;
    if (!list && code.includes('-')) continue;
    const d = await loadFile(code);
    if (d) {
      chosen = code;
      data = d;
      if (!list) languages = [...languages, { code, name: d['language.name'] || code }];
      break;
    }
  }
  current = chosen;
  strings = data;
  document.documentElement.lang = current;
  return current;
}

export function lang() {
  return current;
}
export function availableLanguages() {
  return languages;
}

// Switches the language (remembered) and re-applies the static text.
export async function setLanguage(code) {
  const d = code === 'en' ? fallback : await loadFile(code);
  if (!d) return false;
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch {
    /* private mode */
  }
  current = code;
  strings = d;
  document.documentElement.lang = code;
  applyI18n(document);
  for (const f of listeners) f(code);
  return true;
}

export function onLanguageChange(f) {
  listeners.push(f);
}

// The string for key with {param} replaced; English when the language lacks
// it; the key itself when English lacks it too (a visible bug, not a crash).
export function t(key, params) {
  let s = Object.prototype.hasOwnProperty.call(strings, key)
    ? strings[key]
    : Object.prototype.hasOwnProperty.call(fallback, key)
      ? fallback[key]
      : key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, p) => (params[p] != null ? String(params[p]) : m));
  return s;
}

// Plural choice by the language's own rules (Intl.PluralRules: French says
// "0 partie", English "0 games"): key.one, key.other, or any other category
// a language file has (few, many...), falling back to key.other.
export function tn(key, n, params = {}) {
  let cat = n === 1 ? 'one' : 'other';
  try {
    cat = new Intl.PluralRules(current).select(n);
  } catch {
    /* unknown locale */
  }
  const has = (k) =>
    Object.prototype.hasOwnProperty.call(strings, k) || Object.prototype.hasOwnProperty.call(fallback, k);
  return t(has(`${key}.${cat}`) ? `${key}.${cat}` : `${key}.other`, { n, ...params });
}

// data-i18n="key" sets the text; data-i18n-html="key" sets markup (our own
// files only); data-i18n-attr="placeholder:key;title:key2" sets attributes.
export function applyI18n(root = document) {
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-html]')) e.innerHTML = t(e.dataset.i18nHtml);
  for (const e of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of e.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((x) => x.trim());
      if (attr && key) e.setAttribute(attr, t(key));
    }
  }
  if (root === document) {
    const title = document.querySelector('title[data-i18n]');
    if (title) document.title = title.textContent;
  }
}

// Fills a <select> with the languages (each in its own name) and switches on change.
export function mountLanguageSwitch(select) {
  select.innerHTML = '';
  for (const l of languages) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name || l.code;
    o.lang = l.code;
    select.appendChild(o);
  }
  select.value = current;
  select.addEventListener('change', async () => {
    const ok = await setLanguage(select.value);
    if (!ok) select.value = current;
  });
}

// Numbers and dates in the current language.
export function fmtDate(ms) {
  try {
    return new Date(ms).toLocaleString(current);
  } catch {
    return new Date(ms).toLocaleString();
  }
}
export function fmtDay(ms) {
  try {
    return new Date(ms).toLocaleDateString(current);
  } catch {
    return new Date(ms).toLocaleDateString();
  }
}

// An API error in words: the server's message (English), or a translated
// "cannot reach the server" when there was no answer at all.
export function errorText(e) {
  if (!e) return '';
  if (e.status === 0) return t('error.network');
  return e.message || t('error.unknown');
}
