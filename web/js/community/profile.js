// A player's profile (#profile=NAME): rating, record, the rating chart and
// the recent games.
import { api } from '../api.js';
import { t, tn, errorText, fmtDate } from '../i18n.js';
import { byTest } from '../dom.js';
import { isShown } from './current_page.js';
import { engineLevel } from '../game_text.js';
import { fillList } from './game_list.js';
import { loadProfileStats } from './profile_stats.js';
import { showProfileActions } from './friends.js';

export async function loadProfile(name) {
  const msg = byTest('profile-message');
  byTest('profile-name').textContent = name;
  byTest('profile-body').hidden = true;
  showProfileActions(null);
  if (!name) {
    msg.textContent = t('profile.notFound');
    return;
  }
  let r;
  try {
    r = await api.user(name);
  } catch (e) {
    msg.textContent = e.status === 404 ? t('profile.notFound') : t('error.load', { error: errorText(e) });
    return;
  }
  if (!isShown('profile')) return;
  const u = r.user || {};
  byTest('profile-body').hidden = false;
  showProfileActions(r);
  const level = !u.guest && engineLevel(u.name);
  byTest('profile-name').textContent = u.guest
    ? t('auth.guestName', { name: u.name })
    : level
      ? t('player.engine', { level })
      : u.name;
  byTest('profile-rating').textContent = typeof u.rating === 'number' ? String(Math.round(u.rating)) : '–';
  byTest('profile-rating').dataset.rating = typeof u.rating === 'number' ? String(u.rating) : '';
  byTest('profile-provisional').hidden = !u.provisional;
  byTest('profile-deviation').textContent =
    typeof u.deviation === 'number' ? tn('profile.deviation', u.games ?? 0, { rd: Math.round(u.deviation) }) : '';
  const rec = r.record || { wins: 0, draws: 0, losses: 0 };
  const recEl = byTest('profile-record');
  recEl.textContent = t('profile.recordText', { w: rec.wins, d: rec.draws, l: rec.losses });
  recEl.dataset.wins = rec.wins;
  recEl.dataset.draws = rec.draws;
  recEl.dataset.losses = rec.losses;
  drawChart(byTest('rating-chart'), r.rating_history || []);
  fillList(byTest('profile-games'), r.recent_games, { link: 'watch' }, 'profile.noGames');
  loadProfileStats(name, () => isShown('profile'));
}

// The rating after each game, as a line with the deviation as a band.
function drawChart(svg, hist) {
  const NS = 'http://www.w3.org/2000/svg';
  svg.innerHTML = '';
  const mk = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  if (!hist.length) {
    svg.setAttribute('aria-label', t('profile.noHistory'));
    mk('text', { x: 200, y: 100, 'text-anchor': 'middle', class: 'chart-empty' }, t('profile.noHistory'));
    return;
  }
  const pts = [{ rating: 1500, deviation: 350, time: null }, ...hist];
  const lo = Math.min(...pts.map((p) => p.rating - (p.deviation || 0) * 0.5));
  const hi = Math.max(...pts.map((p) => p.rating + (p.deviation || 0) * 0.5));
  const min = Math.floor(lo / 50) * 50,
    max = Math.max(Math.ceil(hi / 50) * 50, min + 100);
  const L = 44,
    R = 390,
    T = 10,
    B = 180;
  const x = (i) => L + (pts.length === 1 ? 0 : (i * (R - L)) / (pts.length - 1));
  const y = (v) => B - ((v - min) * (B - T)) / (max - min);
  for (const v of [min, (min + max) / 2, max]) {
    mk('line', { x1: L, x2: R, y1: y(v), y2: y(v), class: 'chart-grid' });
    mk('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-label' }, String(Math.round(v)));
  }
  const band = pts
    .map((p, i) => `${x(i).toFixed(1)},${y(p.rating + (p.deviation || 0) * 0.5).toFixed(1)}`)
    .concat(pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - (p.deviation || 0) * 0.5).toFixed(1)}`).reverse());
  mk('polygon', { points: band.join(' '), class: 'chart-band' });
  mk('polyline', {
    points: pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '),
    class: 'chart-line',
  });
  pts.forEach((p, i) => {
    const c = mk('circle', { cx: x(i), cy: y(p.rating), r: 3.5, class: 'chart-dot' });
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${Math.round(p.rating)}${p.time ? ` · ${fmtDate(p.time)}` : ''}`;
    c.appendChild(title);
  });
  const last = hist[hist.length - 1];
  svg.setAttribute('aria-label', tn('profile.chartLabel', hist.length, { rating: Math.round(last.rating) }));
}
