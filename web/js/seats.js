// The seats this browser holds: the token of each game's seat, kept per
// game id in localStorage (the home page lists them as saved games).
const STORE = 'dvonn:game:';
export function loadSeat(id) {
  try {
    return JSON.parse(localStorage.getItem(STORE + id));
  } catch {
    return null;
  }
}
export function saveSeat(id, seat, token, mode) {
  try {
    localStorage.setItem(STORE + id, JSON.stringify({ seat, token, mode, saved: Date.now() }));
  } catch {
    /* private mode */
  }
}
export function savedGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(STORE)) continue;
    try {
      out.push({ id: k.slice(STORE.length), ...JSON.parse(localStorage.getItem(k)) });
    } catch {
      /* skip */
    }
  }
  return out.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}
