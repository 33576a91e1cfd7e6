// Small helpers the UI's modules share: finding and making elements and the
// message line under the board.
export const $ = (sel, root = document) => root.querySelector(sel);
export const byTest = (id) => document.querySelector(`[data-testid="${id}"]`);

// An HTML element with attributes (null ones left out) and text.
export function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null) continue;
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  if (text != null) e.textContent = text;
  return e;
}

// ---------- message line ----------
let messageTimer = null;
export function say(text, kind = 'info') {
  const m = byTest('message');
  m.textContent = text;
  m.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (kind === 'info' && text)
    messageTimer = setTimeout(() => {
      if (m.textContent === text) m.textContent = '';
    }, 8000);
}
