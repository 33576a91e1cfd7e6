// Which tutorial steps the learner has finished: in the account of a
// registered user (GET/POST /api/me/tutorial), in this browser for guests
// and anonymous visitors (localStorage). Steps finished in the browser
// before signing in are added to the account the next time it is read.
import { api } from '../api.js';
import { session } from '../community/session.js';
import { STEP_IDS } from './tutorial_steps.js';

const KEY = 'dvonn.tutorial.done';
const DISMISSED = 'dvonn.tutorial.cardDismissed';

function localDone() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(v) ? v.filter((s) => STEP_IDS.includes(s)) : [];
  } catch {
    return [];
  }
}

function saveLocal(done) {
  try {
    localStorage.setItem(KEY, JSON.stringify(done));
  } catch {
    /* private mode: kept for this visit only */
  }
}

const inAccount = () => !!(session.user && !session.user.guest);
const ordered = (set) => STEP_IDS.filter((s) => set.has(s));

// The finished steps, in the tutorial's order.
export async function loadProgress() {
  const local = localDone();
  if (!inAccount()) return local;
  try {
    const r = await api.tutorialProgress();
    const done = new Set(r.done || []);
    for (const s of local)
      if (!done.has(s)) {
        done.add(s);
        api.tutorialFinish(s).catch(() => {});
      }
    return ordered(done);
  } catch {
    return local;
  }
}

// Marks a step finished: in the account, or in the browser (also when the
// server cannot be reached: added to the account on the next visit).
export async function finishStep(step, done) {
  const all = new Set(done);
  all.add(step);
  const list = ordered(all);
  if (inAccount()) {
    try {
      await api.tutorialFinish(step);
      return list;
    } catch {
      /* kept in the browser below */
    }
  }
  saveLocal(ordered(new Set([...localDone(), step])));
  return list;
}

// The first unfinished step (the first step when all are finished).
export function resumeStep(done) {
  return STEP_IDS.find((s) => !done.includes(s)) || STEP_IDS[0];
}

// The home page's invitation, until it is dismissed or the tutorial is
// finished.
export function cardDismissed() {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

export function dismissCard() {
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    /* shown again next visit */
  }
}
