// The review's evaluation chart: White's chance to win after every move
// (0-100 %, from the engine's expected final piece lead), exact values
// (proved by the solver, or the game's end) marked with a dot, the moves
// that lost much marked, and the position shown as a vertical line.
// Clicking the chart shows the position at that move.
import { t } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';
// The viewBox is about the size the panel shows it at, so its text is
// read at about its font size.
const W = 320;
const H = 170;
const LEFT = 36;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 26;

function node(tag, attrs, parent, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

const xOf = (ply, n) => LEFT + (n ? (ply / n) * (W - LEFT - RIGHT) : 0);
const yOf = (chance) => TOP + ((100 - chance) / 100) * (H - TOP - BOTTOM);

// Draws the review into svg; shown: the ply of the position on the board.
export function drawChart(svg, review, shown) {
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = review.positions.length - 1;
  // The scale: White certain to win at the top, Black at the bottom.
  for (const chance of [100, 75, 50, 25, 0]) {
    const y = yOf(chance);
    node('line', { x1: LEFT, x2: W - RIGHT, y1: y, y2: y, class: chance === 50 ? 'axis mid' : 'axis' }, svg);
    node('text', { x: LEFT - 4, y: y + 4, 'text-anchor': 'end', class: 'tick' }, svg, `${chance}%`);
  }
  const step = n > 60 ? 20 : n > 20 ? 10 : 5;
  for (let ply = 0; ply <= n; ply += step)
    node('text', { x: xOf(ply, n), y: H - BOTTOM + 14, 'text-anchor': 'middle', class: 'tick' }, svg, String(ply));
  node('text', { x: W - RIGHT, y: H - 4, 'text-anchor': 'end', class: 'axis-title' }, svg, t('review.moveAxis'));
  node('text', { x: LEFT + 4, y: TOP + 12, class: 'axis-title' }, svg, t('review.axisWhite'));
  node('text', { x: LEFT + 4, y: H - BOTTOM - 4, class: 'axis-title' }, svg, t('review.axisBlack'));
  // White's share under the curve.
  const pts = review.positions.map((p, i) => `${xOf(i, n).toFixed(1)},${yOf(p.win_chance).toFixed(1)}`);
  node('polygon', { points: `${xOf(0, n)},${yOf(0)} ${pts.join(' ')} ${xOf(n, n)},${yOf(0)}`, class: 'area' }, svg);
  node('polyline', { points: pts.join(' '), class: 'curve' }, svg);
  review.positions.forEach((p, i) => {
    if (p.exact) node('circle', { cx: xOf(i, n), cy: yOf(p.win_chance), r: 3, class: 'exact' }, svg);
  });
  review.moves.forEach((m, i) => {
    if (m.class !== 'mistake' && m.class !== 'blunder' && m.class !== 'inaccuracy') return;
    const p = review.positions[i + 1];
    node('circle', { cx: xOf(i + 1, n), cy: yOf(p.win_chance), r: 4, class: `bad ${m.class}` }, svg);
  });
  const x = xOf(Math.min(shown, n), n);
  node('line', { x1: x, x2: x, y1: TOP, y2: H - BOTTOM, class: 'shown' }, svg);
  svg.dataset.shown = String(shown);
  svg.dataset.plies = String(n);
}

// The ply under a click on the chart.
export function plyAt(svg, event) {
  const n = Number(svg.dataset.plies || 0);
  const box = svg.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * W;
  return Math.max(0, Math.min(n, Math.round(((x - LEFT) / (W - LEFT - RIGHT)) * n)));
}
