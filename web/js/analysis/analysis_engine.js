// The analysis board's engine panel: a /ws/analysis connection that asks
// for the position shown (a new request replaces the last one), and the
// best lines as they deepen. Scores are White's view: the expected final
// piece difference, White's pieces minus Black's; "=" marks an exact value
// the solver proved.
import { LiveConnection } from '../api.js';
import { t } from '../i18n.js';
import { byTest, el } from '../dom.js';

let conn = null;
let on = true;
let asked = null; // the position string asked for (null: none)
let latest = null; // the last "lines" message for it
let done = false;
let error = '';
// onPlay(move): a line's first move was clicked.
let hooks = { onPlay: () => {} };

export function setupEngine({ onPlay }) {
  hooks = { onPlay };
  const sw = byTest('analysis-engine-switch');
  sw.addEventListener('click', () => {
    on = !on;
    if (on) request(asked, true);
    else stopEngine();
    render();
  });
  byTest('analysis-lines-count').addEventListener('change', () => request(asked, true));
}

function connect() {
  if (conn) return;
  conn = new LiveConnection(null, null, {
    path: '/ws/analysis',
    onState: () => {},
    onStatus: (s) => {
      // Asked again after a reconnection.
      if (s === 'live' && on && asked) send();
    },
    onMessage: receive,
  });
}

function send() {
  const lines = Number(byTest('analysis-lines-count').value) || 1;
  if (conn) conn.send({ type: 'analyse', position: asked, lines });
}

// Analyses `position` (a position string; null: nothing to analyse, e.g.
// the game is over there).
export function request(position, force = false) {
  if (position === asked && !force) return;
  asked = position;
  latest = null;
  done = false;
  error = '';
  if (!on || !position) {
    if (conn) conn.send({ type: 'stop' });
    render();
    return;
  }
  connect();
  send();
  render();
}

function stopEngine() {
  if (conn) conn.send({ type: 'stop' });
  latest = null;
  done = false;
}

// Leaving the page: the connection (and its analysis) ends.
export function closeEngine() {
  if (conn) conn.close();
  conn = null;
  asked = null;
  latest = null;
}

function receive(m) {
  if (m.type === 'error' && m.request === 'analyse') {
    error = m.message;
  } else if (m.type === 'lines' && m.position === asked) {
    latest = m;
    error = '';
  } else if (m.type === 'analysis-done' && m.position === asked && m.reason === 'finished') {
    done = true;
  } else return;
  render();
}

export function scoreText(score, exact) {
  const sign = score > 0 ? '+' : score < 0 ? '−' : '';
  const n = Math.abs(score);
  return `${exact ? '=' : ''}${sign}${exact ? Math.round(n) : n.toFixed(2)}`;
}

export function renderEngine() {
  render();
}

function render() {
  const sw = byTest('analysis-engine-switch');
  sw.setAttribute('aria-checked', on ? 'true' : 'false');
  sw.textContent = t(on ? 'analysis.engineOn' : 'analysis.engineOff');
  const depth = byTest('analysis-depth');
  const list = byTest('analysis-lines');
  if (!on || error || !asked || !latest) list.innerHTML = '';
  byTest('analysis').dataset.engine = on ? 'on' : 'off';
  if (!on) {
    depth.textContent = t('analysis.off');
    depth.dataset.depth = '';
    return;
  }
  if (error) {
    depth.textContent = t('analysis.engineError', { error });
    depth.dataset.depth = '';
    return;
  }
  if (!asked) {
    depth.textContent = t('analysis.nothing');
    depth.dataset.depth = '';
    return;
  }
  if (!latest) {
    depth.textContent = t('analysis.thinking');
    depth.dataset.depth = '';
    return;
  }
  depth.dataset.depth = String(latest.depth);
  const nodes = latest.nodes >= 1e6 ? `${(latest.nodes / 1e6).toFixed(1)} M` : `${Math.round(latest.nodes / 1e3)} k`;
  depth.textContent = t(latest.exact ? 'analysis.solved' : done ? 'analysis.depthDone' : 'analysis.depth', {
    depth: latest.depth,
    nodes,
  });
  // Updated in place: a line's button stays under the finger while the
  // engine thinks deeper.
  while (list.children.length > latest.lines.length) list.lastChild.remove();
  latest.lines.forEach((line, i) => {
    let li = list.children[i];
    if (!li) {
      li = el('li', { class: 'analysis-line', 'data-testid': `analysis-line-${i + 1}` });
      li.appendChild(el('span', { class: 'analysis-score', 'data-testid': 'analysis-score' }));
      const play = el('button', { type: 'button', class: 'analysis-first' });
      play.addEventListener('click', () => hooks.onPlay(play.dataset.move));
      li.appendChild(play);
      li.appendChild(el('span', { class: 'analysis-rest' }));
      list.appendChild(li);
    }
    const score = scoreText(line.score, line.exact);
    const [first, ...rest] = line.moves;
    const [scoreEl, play, restEl] = li.children;
    scoreEl.textContent = score;
    play.dataset.move = first;
    play.textContent = first;
    play.setAttribute('aria-label', t('analysis.playLine', { move: first, score }));
    restEl.textContent = rest.join(' ');
  });
}
