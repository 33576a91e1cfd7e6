// The interactive tutorial (#learn, #learn/STEP): one small position per
// rule on the real board, solved by the learner. Every move is judged by
// the client rules: an illegal one is explained (the game's own
// explanations), a legal one that misses the step's point says why, the
// right one is praised and the step is kept as finished. Then a first game
// against engine level 1. The home page's invitation is here too.
import * as Rules from '../rules.js';
import { Board } from '../board.js';
import { t, tn } from '../i18n.js';
import { sideName } from '../game_text.js';
import { byTest } from '../dom.js';
import { explainMove, positionAsGame, targetsOf } from '../board_view.js';
import { createAndOpen } from '../home.js';
import { STEPS, STEP_IDS, stepIndex } from './tutorial_steps.js';
import { cardDismissed, dismissCard, finishStep, loadProgress, resumeStep } from './tutorial_progress.js';

let board = null;
let done = []; // the finished steps
let loaded = false;
// The step shown: its index, the position on the board, the stack selected,
// the removed stacks of the last move, the hint shown, whether it is solved.
const cur = { index: 0, position: null, selected: null, removed: {}, hint: [], solved: false, placed: 0 };

const step = () => STEPS[cur.index];
const key = (name) => `tutorial.step.${step().id}.${name}`;

// The route of an address: #learn or #learn/STEP (null: not the tutorial).
export function tutorialRoute(hash) {
  const m = /^learn(?:\/([a-z-]+))?$/.exec(hash);
  if (!m) return null;
  return { step: m[1] && STEP_IDS.includes(m[1]) ? m[1] : null };
}

export function setupTutorial() {
  board = new Board(byTest('learn-board'), { onClick: clickSpace, ids: 'learn-' });
  const upright = window.matchMedia('(max-width: 600px) and (orientation: portrait)');
  board.setRotated(upright.matches);
  upright.addEventListener('change', () => {
    board.setRotated(upright.matches);
    render();
  });
  byTest('learn-hint').addEventListener('click', showHint);
  byTest('learn-pass').addEventListener('click', () => tryMove('PASS'));
  byTest('learn-reset').addEventListener('click', () => resetStep());
  byTest('learn-back').addEventListener('click', () => go(cur.index - 1));
  byTest('learn-next').addEventListener('click', () => {
    if (cur.index + 1 < STEPS.length) go(cur.index + 1);
    else showFinish();
  });
  byTest('learn-skip').addEventListener('click', () => {
    dismissCard();
    location.hash = '';
  });
  byTest('learn-play').addEventListener('click', () => createAndOpen({ mode: 'engine', level: 1, color: 'white' }));
  byTest('learn-card-dismiss').addEventListener('click', () => {
    dismissCard();
    byTest('learn-card').hidden = true;
    document.querySelector('main').focus();
  });
}

// Shows the tutorial at `stepId`, or at the first unfinished step.
export async function showTutorial(stepId) {
  if (!loaded) {
    done = await loadProgress();
    loaded = true;
  }
  const id = stepId || resumeStep(done);
  if (!stepId) history.replaceState(null, '', `#learn/${id}`);
  cur.index = stepIndex(id);
  byTest('learn-finish').hidden = true;
  resetStep();
  if (window.matchMedia('(max-width: 600px) and (orientation: portrait)').matches)
    byTest('learn-task').scrollIntoView({ block: 'start' });
}

// The session changed: the progress is read again when next shown.
export function forgetTutorialProgress() {
  loaded = false;
}

function go(index) {
  if (index < 0 || index >= STEPS.length) return;
  location.hash = `learn/${STEP_IDS[index]}`;
}

function resetStep() {
  const s = step();
  cur.position = Rules.clonePosition(s.position);
  cur.selected = null;
  cur.removed = {};
  cur.hint = [];
  cur.solved = false;
  cur.placed = 0;
  feedback('', '');
  renderStep();
}

// ---------- what is shown ----------
function renderStep() {
  const s = step();
  byTest('learn').dataset.step = s.id;
  byTest('learn-progress').textContent = t('tutorial.progress', { n: cur.index + 1, total: STEPS.length });
  byTest('learn-title').textContent = t(key('title'));
  byTest('learn-text').textContent = t(key('text'));
  byTest('learn-task').textContent = t(key('task'));
  const dots = byTest('learn-steps');
  dots.innerHTML = '';
  STEPS.forEach((st, i) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#learn/${st.id}`;
    a.dataset.step = st.id;
    const finished = done.includes(st.id);
    a.className = finished ? 'done' : '';
    a.setAttribute(
      'aria-label',
      t(finished ? 'tutorial.stepDone' : 'tutorial.stepTodo', {
        n: i + 1,
        title: t(`tutorial.step.${st.id}.title`),
      }),
    );
    if (i === cur.index) a.setAttribute('aria-current', 'step');
    a.textContent = String(i + 1);
    li.appendChild(a);
    dots.appendChild(li);
  });
  byTest('learn-back').disabled = cur.index === 0;
  byTest('learn-hint').disabled = cur.solved;
  byTest('learn-pass').disabled = cur.solved;
  byTest('learn-next').textContent = t(cur.index + 1 < STEPS.length ? 'tutorial.next' : 'tutorial.finish');
  byTest('learn-next').classList.toggle('primary', cur.solved);
  render();
}

function render() {
  if (!board || !cur.position) return;
  const p = cur.position;
  const legal = Rules.legalMoves(p);
  const fake = fakeGame();
  const targets = cur.selected ? targetsOf(fake, cur.selected) : new Set();
  const selectable = new Set();
  if (p.phase === 'movement' && !cur.solved) for (const m of legal) if (m.length === 4) selectable.add(m.slice(0, 2));
  board.render({
    stacks: p.stacks,
    removed: cur.removed,
    lastMove: null,
    legal,
    selected: cur.selected,
    targets,
    selectable,
    hint: cur.hint,
    placementTarget: p.phase === 'placement' && !cur.solved,
  });
  byTest('learn-board').classList.toggle('interactive', !cur.solved);
  const sc = Rules.score(p.stacks);
  byTest('learn-count').textContent = t('tutorial.count', { white: sc.white, black: sc.black });
}

function feedback(text, kind) {
  const f = byTest('learn-feedback');
  f.textContent = text;
  f.dataset.kind = kind;
}

// The step's position as board_view.js reads a game: no moves once solved.
function fakeGame() {
  return positionAsGame(cur.position, cur.solved ? [] : Rules.legalMoves(cur.position));
}

// ---------- playing ----------
function clickSpace(sq) {
  if (!cur.position) return;
  if (cur.solved) {
    feedback(t('tutorial.solvedAlready'), 'note');
    return;
  }
  const p = cur.position;
  if (p.phase === 'placement') {
    tryMove(sq);
    return;
  }
  const stack = p.stacks[sq];
  const legal = Rules.legalMoves(p);
  const own = stack && Rules.ownerOf(stack) === p.toMove;
  if (cur.selected) {
    const from = cur.selected;
    if (sq === from) {
      cur.selected = null;
      feedback('', '');
      render();
      return;
    }
    // A move, or why not; another of the learner's stacks is chosen instead.
    if (legal.includes(from + sq) || !own) {
      cur.selected = null;
      tryMove(from + sq);
      return;
    }
  }
  // Choosing a stack to move: why it cannot, or where it can go.
  if (legal.length === 1 && legal[0] === 'PASS') return wrong(t('explain.mustPass'));
  if (!stack) return wrong(t(`explain.emptyClick.${p.toMove}`, { sq }));
  if (stack === 'd') return wrong(t('explain.loneDvonn'));
  const owner = Rules.ownerOf(stack);
  if (owner !== p.toMove) return wrong(t(`explain.notYours.${owner}`, { sq, side: sideName(owner) }));
  if (Rules.isSurrounded(p.stacks, sq)) return wrong(t('explain.surrounded', { sq }));
  const targets = [...targetsOf(fakeGame(), sq)].sort();
  if (!targets.length) return wrong(tn('explain.noTarget', stack.length, { sq }));
  cur.selected = sq;
  feedback(t('explain.selected', { sq, targets: targets.join(', ') }), 'info');
  render();
}

function wrong(text) {
  feedback(t('tutorial.why', { why: text }), 'error');
  render();
}

function tryMove(move) {
  if (cur.solved) return;
  const s = step();
  const before = cur.position;
  const why = explainMove(fakeGame(), move);
  if (why) return wrong(why);
  const r = Rules.applyMove(before, move);
  if (r.error) return wrong(r.error);
  cur.hint = [];
  if (s.placements) {
    // Placing: the red pieces one by one, until the three are down.
    cur.position = r.position;
    cur.placed += 1;
    board.animateMove(move, cur.position.stacks);
    if (cur.placed < s.placements) {
      feedback(t('tutorial.step.placing.progress', { n: cur.placed, total: s.placements }), 'info');
      render();
      return;
    }
    return solved();
  }
  if (!s.goal(move, r.position)) {
    // Legal, but not what the step asks: shown, then the step starts over.
    const [whyKey, params] = s.why ? s.why(r.position) : [key('whyOther'), {}];
    cur.selected = null;
    feedback(t('tutorial.notThis', { why: t(whyKey, params) }), 'error');
    render();
    return;
  }
  cur.position = r.position;
  cur.removed = r.removed;
  cur.selected = null;
  if (move !== 'PASS') board.animateMove(move, cur.position.stacks);
  solved();
}

async function solved() {
  cur.solved = true;
  feedback(`${t('tutorial.wellDone')} ${t(key('done'))}`, 'ok');
  renderStep();
  byTest('learn-next').focus({ preventScroll: true });
  done = await finishStep(step().id, done);
  renderStep();
  if (cur.index === STEPS.length - 1) showFinish();
}

function showHint() {
  if (cur.solved) return;
  const s = step();
  cur.selected = null;
  // A placement hint is a free space.
  cur.hint = s.placements
    ? [s.hint.find((sq) => !cur.position.stacks[sq]) || Rules.legalMoves(cur.position)[0]]
    : s.hint;
  feedback(t(key('hint')), 'note');
  render();
}

function showFinish() {
  byTest('learn-finish').hidden = false;
  byTest('learn-play').focus();
  byTest('learn-finish').scrollIntoView({ block: 'nearest' });
}

// ---------- the home page's invitation ----------
export async function syncTutorialCard() {
  const card = byTest('learn-card');
  if (cardDismissed()) {
    card.hidden = true;
    return;
  }
  if (!loaded) {
    done = await loadProgress();
    loaded = true;
  }
  const all = done.length >= STEPS.length;
  card.hidden = all;
  const start = byTest('learn-card-start');
  start.textContent = done.length
    ? t('tutorial.card.resume', { n: STEP_IDS.indexOf(resumeStep(done)) + 1, total: STEPS.length })
    : t('tutorial.card.start');
}

// Re-renders the dynamic text after a language switch.
export function relabelTutorial() {
  board.build();
  if (!byTest('learn').hidden && cur.position) {
    renderStep();
    const f = byTest('learn-feedback');
    if (f.textContent) feedback('', '');
  }
  if (!byTest('learn-card').hidden) syncTutorialCard();
}
