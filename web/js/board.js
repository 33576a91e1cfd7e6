// The board drawn in SVG: the hexagon of 49 spaces, coordinates, stacks.
import { SPACES, parseSquare, squareName, onBoard, COLUMNS, ownerOf } from './rules.js';
import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 60; // distance between neighbouring spaces
const H = (W * Math.sqrt(3)) / 2; // distance between rows
const R = W * 0.4; // stack radius

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const COLOUR_NAME = { w: 'white', b: 'black', d: 'Dvonn (red)' };

export function describeStack(sq, stack) {
  if (!stack) return sq;
  if (stack === 'd') return t('stack.loneDvonn', { sq });
  const owner = ownerOf(stack);
  const dv = stack.includes('d') ? t('stack.holdsDvonn') : '';
  return (
    (stack.length > 1 ? t(`stack.stack.${owner}`, { sq, n: stack.length }) : t(`stack.piece.${owner}`, { sq })) + dv
  );
}

export class Board {
  // ids: a prefix for the ids of the SVG's gradients and markers, for a
  // second board on the same page (ids are the document's).
  constructor(svg, { onClick, onHover, interactive = true, ids = '' }) {
    this.svg = svg;
    this.ids = ids;
    this.interactive = interactive;
    this.onClick = onClick;
    this.onHover = onHover || (() => {});
    this.flipped = false;
    // Upright (rotated 90°) on narrow portrait screens, where the wide
    // hexagon would otherwise be a thin strip.
    this.rotated = false;
    this.spaces = {};
    this.build();
  }

  // Screen position of (x, y): row 1 at the bottom (White's view), each row
  // shifted half a space from the next.
  pos(x, y) {
    let px = (x - y / 2) * W;
    let py = (4 - y) * H;
    if (this.flipped) {
      px = 8 * W - px;
      py = 4 * H - py;
    }
    // Clockwise: column A at the top, row 1 on the left.
    if (this.rotated) return [4 * H - py, px];
    return [px, py];
  }

  build() {
    const svg = this.svg;
    svg.innerHTML = '';
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', t('board.label'));
    const defs = el('defs', {}, svg);
    defs.innerHTML = `
      <radialGradient id="${this.ids}g-white" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9d2c0"/></radialGradient>
      <radialGradient id="${this.ids}g-black" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#5a5a5a"/><stop offset="1" stop-color="#111"/></radialGradient>
      <radialGradient id="${this.ids}g-dvonn" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#ff6b5e"/><stop offset="1" stop-color="#a3101c"/></radialGradient>
      <marker id="${this.ids}arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e08a00"/></marker>
      <marker id="${this.ids}arrow-hint" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="hint-head"/></marker>`;
    this.bg = el('path', { class: 'board-bg' }, svg);
    this.gridLayer = el('g', { class: 'grid' }, svg);
    this.labelLayer = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
    this.spaceLayer = el('g', { class: 'spaces' }, svg);
    this.arrowLayer = el('g', { class: 'arrows', 'pointer-events': 'none' }, svg);
    this.flyLayer = el('g', { class: 'flying-layer', 'pointer-events': 'none' }, svg);
    // One Tab stop for the whole board (a roving tabindex): the arrow keys
    // move between the spaces, Enter or Space plays.
    this.focusSq = 'E3';
    for (const sq of SPACES) {
      const g = el(
        'g',
        this.interactive
          ? { class: 'space', 'data-square': sq, role: 'button', tabindex: sq === this.focusSq ? '0' : '-1' }
          : { class: 'space', 'data-square': sq, role: 'img' }, // a label needs a role
        this.spaceLayer,
      );
      g.addEventListener('click', () => this.onClick(sq));
      g.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          this.onClick(sq);
          return;
        }
        const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
        if (!dir) return;
        ev.preventDefault();
        ev.stopPropagation(); // not the history's arrow keys
        const next = this.neighbour(sq, dir);
        if (next) this.focusSpace(next);
      });
      g.addEventListener('focus', () => this.setRoving(sq));
      g.addEventListener('pointerenter', (ev) => this.onHover(sq, ev, true));
      g.addEventListener('pointerleave', (ev) => this.onHover(sq, ev, false));
      g.addEventListener('focus', (ev) => this.onHover(sq, ev, true));
      g.addEventListener('blur', (ev) => this.onHover(sq, ev, false));
      this.spaces[sq] = g;
    }
    this.layout();
  }

  layout() {
    // Background hexagon, lines between neighbours, labels, space positions.
    const corners = [
      [0, 0],
      [8, 0],
      [10, 2],
      [10, 4],
      [2, 4],
      [0, 2],
    ].map(([x, y]) => this.pos(x, y));
    const m = 0.62 * W;
    const cx = corners.reduce((s, c) => s + c[0], 0) / 6,
      cy = corners.reduce((s, c) => s + c[1], 0) / 6;
    const grown = corners.map(([x, y]) => {
      const dx = x - cx,
        dy = y - cy,
        d = Math.hypot(dx, dy);
      return [x + (dx / d) * m * 1.15, y + (dy / d) * m * 1.15];
    });
    this.bg.setAttribute('d', 'M' + grown.map((c) => c.map((v) => v.toFixed(1)).join(',')).join(' L') + ' Z');
    // The view box hugs the hexagon and the labels around it.
    const pts = [...grown];
    this.gridLayer.innerHTML = '';
    for (const sq of SPACES) {
      const [x, y] = parseSquare(sq);
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        if (!onBoard(x + dx, y + dy)) continue;
        const [x1, y1] = this.pos(x, y),
          [x2, y2] = this.pos(x + dx, y + dy);
        el('line', { x1, y1, x2, y2 }, this.gridLayer);
      }
    }
    this.labelLayer.innerHTML = '';
    const label = (text, x, y) => {
      const [px, py] = this.pos(x, y);
      const t = el('text', { x: px, y: py, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, this.labelLayer);
      t.textContent = text;
      pts.push([px - 14, py - 14], [px + 14, py + 14]);
    };
    // Columns A..I below row 1, C..K above row 5; rows on both sides.
    for (let x = 0; x <= 8; x++) label(COLUMNS[x], x, -1);
    for (let x = 2; x <= 10; x++) label(COLUMNS[x], x, 5);
    for (let y = 0; y < 5; y++) {
      const lo = y > 2 ? y - 2 : 0,
        hi = Math.min(8 + y, 10);
      label(String(y + 1), lo - 1, y);
      label(String(y + 1), hi + 1, y);
    }
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs) - 4,
      y0 = Math.min(...ys) - 4;
    this.svg.setAttribute(
      'viewBox',
      [x0, y0, Math.max(...xs) + 4 - x0, Math.max(...ys) + 4 - y0].map((v) => v.toFixed(1)).join(' '),
    );
    this.svg.dataset.rotated = this.rotated ? 'true' : 'false';
    for (const sq of SPACES) {
      const [x, y] = parseSquare(sq);
      const [px, py] = this.pos(x, y);
      this.spaces[sq].setAttribute('transform', `translate(${px.toFixed(1)},${py.toFixed(1)})`);
    }
  }

  setFlipped(f) {
    if (this.flipped === f) return;
    this.flipped = f;
    this.layout();
    if (this.last) this.render(this.last);
  }

  setRoving(sq) {
    if (!this.interactive || this.focusSq === sq) return;
    this.spaces[this.focusSq].setAttribute('tabindex', '-1');
    this.spaces[sq].setAttribute('tabindex', '0');
    this.focusSq = sq;
  }

  focusSpace(sq = this.focusSq) {
    this.setRoving(sq);
    this.spaces[sq].focus();
  }

  // The nearest space in a screen direction (within 60° of it), as drawn:
  // the same keys work flipped and upright. Ties go to the left, then up.
  neighbour(sq, [dx, dy]) {
    const [x0, y0] = this.center(sq);
    let best = null,
      bestScore = Infinity;
    for (const s of SPACES) {
      if (s === sq) continue;
      const [x, y] = this.center(s);
      const vx = x - x0,
        vy = y - y0;
      const along = vx * dx + vy * dy,
        across = Math.abs(vx * dy - vy * dx);
      if (along <= 0 || across > along * Math.sqrt(3) + 0.01) continue;
      const score = Math.hypot(vx, vy) + across * 0.5 + (x + y) * 1e-6;
      if (score < bestScore - 1e-9) {
        best = s;
        bestScore = score;
      }
    }
    return best;
  }

  setRotated(r) {
    if (this.rotated === r) return;
    this.rotated = r;
    this.layout();
    if (this.last) this.render(this.last);
  }

  center(sq) {
    const [x, y] = parseSquare(sq);
    return this.pos(x, y);
  }

  // view: {stacks, removed, lastMove, selected, targets:Set, selectable:Set,
  //        hint:[sq...], legal:[...], interactive}
  render(view) {
    this.last = view;
    const targets = view.targets || new Set();
    const selectable = view.selectable || new Set();
    const hint = new Set(view.hint || []);
    const lastSquares =
      view.lastMove && view.lastMove !== 'PASS'
        ? [view.lastMove.slice(0, 2), view.lastMove.slice(2)].filter(Boolean)
        : [];
    this.svg.dataset.legal = (view.legal || []).join(' ');
    this.svg.dataset.flipped = this.flipped ? 'true' : 'false';
    for (const sq of SPACES) {
      const g = this.spaces[sq];
      const stack = view.stacks[sq] || '';
      const ghost = !stack && view.removed && view.removed[sq] ? view.removed[sq] : '';
      const key = [
        stack,
        ghost,
        targets.has(sq),
        selectable.has(sq),
        view.selected === sq,
        hint.has(sq),
        lastSquares.includes(sq),
        view.placementTarget && !stack,
      ].join('|');
      g.dataset.stack = stack;
      g.classList.toggle('target', targets.has(sq));
      g.classList.toggle('selectable', selectable.has(sq));
      g.classList.toggle('selected', view.selected === sq);
      g.classList.toggle('hint', hint.has(sq));
      g.classList.toggle('last', lastSquares.includes(sq));
      g.classList.toggle('empty', !stack);
      g.classList.toggle('placeable', !!view.placementTarget && !stack);
      if (ghost) g.dataset.removed = ghost;
      else delete g.dataset.removed;
      g.setAttribute(
        'aria-label',
        (stack ? describeStack(sq, stack) : t('stack.empty', { sq })) +
          (targets.has(sq) ? t('stack.target') : '') +
          (ghost ? t(ghost.length > 1 ? 'stack.removed.other' : 'stack.removed.one', { n: ghost.length }) : ''),
      );
      if (g._key === key) continue;
      const ghostChanged = (g._ghost || '') !== ghost;
      g._key = key;
      g._ghost = ghost;
      g.innerHTML = '';
      el('circle', { class: 'hole', r: W * 0.17 }, g);
      el('circle', { class: 'hit', r: W * 0.47 }, g);
      if (lastSquares.includes(sq)) el('circle', { class: 'last-mark', r: R + 5 }, g);
      if (stack) this.drawStack(g, stack, false);
      else if (ghost) {
        const gg = this.drawStack(g, ghost, true);
        if (!ghostChanged) gg.classList.add('settled');
      }
      if (targets.has(sq)) el('circle', { class: 'target-ring', r: R + 7 }, g);
      if (view.selected === sq) el('circle', { class: 'selected-ring', r: R + 6 }, g);
      if (hint.has(sq)) el('circle', { class: 'hint-ring', r: R + 9 }, g);
      // A placement hint: a marker on the free space.
      if (hint.has(sq) && hint.size === 1 && !stack) el('circle', { class: 'hint-place', r: R * 0.55 }, g);
    }
    // An arrow for the last stack move, and one for a hinted stack move.
    this.arrowLayer.innerHTML = '';
    this.svg.dataset.hint = (view.hint || []).join('');
    if (view.hint && view.hint.length === 2) this.arrow(view.hint[0], view.hint[1], 'hint-arrow', 'arrow-hint');
    if (lastSquares.length === 2) this.arrow(lastSquares[0], lastSquares[1], 'last-arrow', 'arrow');
  }

  arrow(from, to, cls, marker) {
    const [x1, y1] = this.center(from),
      [x2, y2] = this.center(to);
    const d = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / d,
      uy = (y2 - y1) / d;
    el(
      'line',
      {
        class: cls,
        x1: x1 + ux * R * 0.6,
        y1: y1 + uy * R * 0.6,
        x2: x2 - ux * (R + 2),
        y2: y2 - uy * (R + 2),
        'marker-end': `url(#${this.ids}${marker})`,
      },
      this.arrowLayer,
    );
  }

  // The stack that just moved flies from its source to its target; a piece
  // just placed drops onto its space.
  animateMove(move, stacks) {
    // A PASS has four letters too, but nothing flies.
    if (!move || move === 'PASS' || typeof this.flyLayer.animate !== 'function') return;
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (move.length === 2) {
      this.animatePlacement(move, stacks);
      return;
    }
    if (move.length !== 4) return;
    const from = move.slice(0, 2),
      to = move.slice(2);
    const [fx, fy] = parseSquare(from),
      [tx, ty] = parseSquare(to);
    const dist = Math.max(Math.abs(tx - fx), Math.abs(ty - fy));
    const dest = stacks[to];
    if (!dest) return;
    const moving = dest.slice(-dist);
    const [x1, y1] = this.center(from),
      [x2, y2] = this.center(to);
    const fly = el('g', { class: 'flying moving' }, this.flyLayer);
    this.drawStack(fly, moving, false);
    const target = this.spaces[to].querySelector('.stack');
    if (target) target.style.opacity = '0';
    const anim = fly.animate(
      [
        { transform: `translate(${x1}px, ${y1}px) scale(1)` },
        { transform: `translate(${(x1 + x2) / 2}px, ${(y1 + y2) / 2}px) scale(1.12)`, offset: 0.5 },
        { transform: `translate(${x2}px, ${y2}px) scale(1)` },
      ],
      { duration: 120 + 60 * dist, easing: 'ease-in-out' },
    );
    const done = () => {
      fly.remove();
      if (target) target.style.opacity = '';
    };
    anim.onfinish = done;
    anim.oncancel = done;
  }

  animatePlacement(sq, stacks) {
    const piece = stacks[sq];
    if (!piece) return;
    const [x, y] = this.center(sq);
    const fly = el('g', { class: 'flying placing' }, this.flyLayer);
    this.drawStack(fly, piece, false);
    const target = this.spaces[sq].querySelector('.stack');
    if (target) target.style.opacity = '0';
    // From above the space (as seen), larger and faint, down onto it.
    const anim = fly.animate(
      [
        { transform: `translate(${x}px, ${y - W}px) scale(1.5)`, opacity: 0 },
        { transform: `translate(${x}px, ${y - W * 0.3}px) scale(1.2)`, opacity: 1, offset: 0.6 },
        { transform: `translate(${x}px, ${y}px) scale(1)`, opacity: 1 },
      ],
      { duration: 260, easing: 'ease-in' },
    );
    const done = () => {
      fly.remove();
      if (target) target.style.opacity = '';
    };
    anim.onfinish = done;
    anim.oncancel = done;
  }

  drawStack(g, stack, ghost) {
    const grp = el('g', { class: ghost ? 'stack ghost' : 'stack' }, g);
    const h = stack.length;
    const top = stack[h - 1];
    const fill = `url(#${this.ids}g-${top === 'w' ? 'white' : top === 'b' ? 'black' : 'dvonn'})`;
    // Thin discs under the top one suggest the height.
    const layers = Math.min(h - 1, 4);
    for (let i = layers; i >= 1; i--) {
      const c = stack[h - 1 - i];
      el('circle', { class: `disc under c-${c}`, cx: 0, cy: i * 3, r: R }, grp);
    }
    el('circle', { class: `disc top c-${top}`, cx: 0, cy: 0, r: R, fill }, grp);
    if (stack.includes('d') && h > 1) {
      el('circle', { class: 'dvonn-ring', r: R - 4 }, grp);
      el('circle', { class: 'dvonn-dot', cx: R * 0.62, cy: -R * 0.62, r: 5.5 }, grp);
    }
    if (h > 1) {
      const t = el(
        'text',
        { class: `height on-${top}`, x: 0, y: 1, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
        grp,
      );
      t.textContent = String(h);
    }
    return grp;
  }
}

export { squareName, COLOUR_NAME };
