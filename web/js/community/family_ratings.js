// A profile's ratings per time-control family (GET /api/users/{name}'s
// "ratings"): one card each, with the rank on that family's board, and the
// rating chart's choice of what it charts (the overall rating or one
// family's, GET /api/users/{name}?family=F).
import { api } from '../api.js';
import { t, tn, errorText } from '../i18n.js';
import { byTest, el } from '../dom.js';
import { isShown } from './current_page.js';
import { drawRatingChart } from './rating_chart.js';
import { familyName, ratingText } from './leaderboard.js';

let shownName = null;

function card(row) {
  const li = el('li', {
    class: 'family-card',
    'data-family': row.family,
    'data-testid': `family-rating-${row.family}`,
  });
  li.appendChild(el('h3', {}, familyName(row.family)));
  const big = el('p', { class: 'big' }, ratingText(row));
  big.dataset.rating = String(row.rating);
  li.appendChild(big);
  li.appendChild(el('p', { class: 'help' }, tn('profile.deviation', row.games, { rd: Math.round(row.deviation) })));
  const rank =
    row.rank != null
      ? el('a', { href: `#leaderboard=${row.family}` }, t('leaderboard.profile.rank', { rank: row.rank }))
      : el('span', { class: 'help' }, t('leaderboard.profile.unranked'));
  rank.dataset.testid = `family-rank-${row.family}`;
  li.appendChild(rank);
  return li;
}

// The profile's family cards and its chart (the overall rating first).
export function showFamilyRatings(name, profile) {
  shownName = name;
  const ratings = profile.ratings || [];
  const list = byTest('family-ratings-list');
  list.innerHTML = '';
  for (const row of ratings) list.appendChild(card(row));
  byTest('family-ratings-empty').hidden = ratings.length > 0;
  const select = byTest('chart-family');
  select.innerHTML = '';
  select.appendChild(el('option', { value: '' }, t('leaderboard.chart.overall')));
  for (const row of ratings) select.appendChild(el('option', { value: row.family }, familyName(row.family)));
  select.value = '';
  select.disabled = ratings.length === 0;
  draw(profile, '');
}

function draw(profile, family) {
  drawRatingChart(byTest('rating-chart'), byTest('rating-table'), profile.rating_history || [], {
    name: family ? familyName(family) : t('leaderboard.chart.overall'),
    fromStart: !profile.more,
  });
  byTest('rating-chart').dataset.family = family;
}

export function setupFamilyRatings() {
  byTest('chart-family').addEventListener('change', async (ev) => {
    const family = ev.target.value;
    const name = shownName;
    try {
      const r = await api.user(name, family);
      if (!isShown('profile') || shownName !== name || byTest('chart-family').value !== family) return;
      draw(r, family);
    } catch (e) {
      byTest('profile-message').textContent = t('error.load', { error: errorText(e) });
    }
  });
}
