// The statistics on a profile (GET /api/users/{name}/stats): games by time
// control, as White and as Black, the average final difference, winning
// streaks and the opponents met most often, as tables.
import { api } from '../api.js';
import { t } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { playerNode } from './game_list.js';

function countCells(tr, row) {
  for (const key of ['games', 'wins', 'losses', 'draws']) tr.appendChild(el('td', {}, String(row[key] ?? 0)));
}

function fillRows(table, rows) {
  const body = table.querySelector('tbody');
  body.innerHTML = '';
  for (const [head, counts] of rows) {
    const tr = el('tr');
    const th = el('th', { scope: 'row' });
    th.appendChild(typeof head === 'string' ? document.createTextNode(head) : head);
    tr.appendChild(th);
    countCells(tr, counts);
    body.appendChild(tr);
  }
}

export async function loadProfileStats(name, isCurrent) {
  const card = byTest('profile-stats');
  card.hidden = true;
  let r;
  try {
    r = await api.userStats(name);
  } catch {
    return; // The profile above says what went wrong.
  }
  if (!isCurrent()) return;
  const s = r.stats;
  card.hidden = false;
  // Families with no games are left out; an empty table says so.
  const families = s.by_clock.filter((row) => row.games > 0);
  fillRows(
    byTest('stats-clock'),
    families.map((row) => [t(`stats.family.${row.family}`), row]),
  );
  fillRows(byTest('stats-color'), [
    [t('side.White'), s.as_white],
    [t('side.Black'), s.as_black],
  ]);
  fillRows(
    byTest('stats-opponents'),
    s.opponents.map((row) => [playerNode(row.player, true), row]),
  );
  const parts = [];
  parts.push(t('stats.streaks', { longest: s.streaks.longest, current: s.streaks.current }));
  if (s.difference.games > 0) {
    const avg = s.difference.average;
    const shown = `${avg > 0 ? '+' : ''}${avg.toFixed(1)}`;
    parts.push(t('stats.difference', { avg: shown, n: s.difference.games }));
  } else parts.push(t('stats.noDifference'));
  const summary = byTest('stats-summary');
  summary.textContent = parts.join(' ');
  summary.dataset.longest = s.streaks.longest;
  summary.dataset.current = s.streaks.current;
}
