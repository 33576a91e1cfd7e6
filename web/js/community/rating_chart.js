// The rating chart of a profile: the rating after each rated game as a
// line, the deviation as a band around it, ratings on the left axis and the
// dates of the first and last games under it. For those who cannot see it:
// the SVG's title and description say what it shows (the range, the dates,
// the latest, highest and lowest rating), and a table beside it lists the
// points.
import { t, tn, fmtDay } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';

// svg: the chart (with its <title> and <desc>); table: the points' table;
// hist: [{time, rating, deviation, game}] oldest first; name: what is
// charted ("Overall", "Blitz"...); fromStart: the history is complete, so it
// starts from a new player's 1500.
export function drawRatingChart(svg, table, hist, { name, fromStart }) {
  for (const e of [...svg.children]) if (e.tagName !== 'title' && e.tagName !== 'desc') e.remove();
  const titleEl = svg.querySelector('title');
  const descEl = svg.querySelector('desc');
  const mk = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  fillTable(table, hist);
  titleEl.textContent = t('leaderboard.chart.title', { name });
  svg.dataset.points = String(hist.length);
  if (!hist.length) {
    descEl.textContent = t('profile.noHistory');
    mk('text', { x: 200, y: 110, 'text-anchor': 'middle', class: 'chart-empty' }, t('profile.noHistory'));
    return;
  }
  const pts = fromStart ? [{ rating: 1500, deviation: 350, time: null }, ...hist] : hist;
  const lo = Math.min(...pts.map((p) => p.rating - (p.deviation || 0) * 0.5));
  const hi = Math.max(...pts.map((p) => p.rating + (p.deviation || 0) * 0.5));
  const min = Math.floor(lo / 50) * 50,
    max = Math.max(Math.ceil(hi / 50) * 50, min + 100);
  const L = 48,
    R = 388,
    T = 12,
    B = 178;
  const x = (i) => L + (pts.length === 1 ? (R - L) / 2 : (i * (R - L)) / (pts.length - 1));
  const y = (v) => B - ((v - min) * (B - T)) / (max - min);
  // The rating axis: three levels.
  for (const v of [min, (min + max) / 2, max]) {
    mk('line', { x1: L, x2: R, y1: y(v), y2: y(v), class: 'chart-grid' });
    mk('text', { x: L - 5, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-label' }, String(Math.round(v)));
  }
  // The time axis: the dates of the first and last games.
  mk('line', { x1: L, x2: R, y1: B, y2: B, class: 'chart-axis' });
  const first = hist[0],
    last = hist[hist.length - 1];
  mk('text', { x: L, y: B + 20, 'text-anchor': 'start', class: 'chart-label chart-date' }, fmtDay(first.time));
  if (hist.length > 1)
    mk('text', { x: R, y: B + 20, 'text-anchor': 'end', class: 'chart-label chart-date' }, fmtDay(last.time));
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
    const tip = document.createElementNS(NS, 'title');
    tip.textContent = `${Math.round(p.rating)}${p.time ? ` · ${fmtDay(p.time)}` : ''}`;
    c.appendChild(tip);
  });
  const ratings = hist.map((p) => p.rating);
  descEl.textContent = [
    tn('profile.chartLabel', hist.length, { rating: Math.round(last.rating) }),
    t('leaderboard.chart.range', {
      from: fmtDay(first.time),
      to: fmtDay(last.time),
      high: Math.round(Math.max(...ratings)),
      low: Math.round(Math.min(...ratings)),
    }),
  ].join(' ');
}

function fillTable(table, hist) {
  const body = table.querySelector('tbody');
  body.innerHTML = '';
  for (const p of [...hist].reverse()) {
    const tr = document.createElement('tr');
    for (const text of [fmtDay(p.time), String(Math.round(p.rating)), `±${Math.round(p.deviation)}`]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  table.hidden = !hist.length;
}
