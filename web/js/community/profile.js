// A player's profile (#profile=NAME): rating, record, the ratings per
// time-control family, the rating chart and the recent games.
import { api } from '../api.js';
import { t, tn, errorText } from '../i18n.js';
import { byTest } from '../dom.js';
import { isShown } from './current_page.js';
import { engineLevel } from '../game_text.js';
import { fillList } from './game_list.js';
import { loadProfileStats } from './profile_stats.js';
import { showProfileActions } from './friends.js';
import { showFamilyRatings } from './family_ratings.js';

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
  // The ratings per family and the chart (family_ratings.js).
  showFamilyRatings(name, r);
  fillList(byTest('profile-games'), r.recent_games, { link: 'watch' }, 'profile.noGames');
  loadProfileStats(name, () => isShown('profile'));
}
