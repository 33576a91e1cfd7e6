// Small helpers the UI's modules share: finding elements and the message
// line under the board.
export const $ = (sel, root = document) => root.querySelector(sel);
export const byTest = (id) => document.querySelector(`[data-testid="${id}"]`);

// ---------- message line ----------
let messageTimer = null;
export function say(text, kind = 'info') {
  const m = byTest('message');
  m.textContent = text;
  m.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (kind === 'info' && text) messageTimer = setTimeout(() => { if (m.textContent === text) m.textContent = ''; }, 8000);
}
