// The words about a tournament that every tournament screen shares: its
// kind, clock and status, when it starts (local time and "in 12 minutes"),
// a countdown, and the summary line of a list row.
import { t, tn, lang, fmtDate } from '../i18n.js';

export const KINDS = ['swiss', 'round_robin', 'arena'];

export function kindName(kind) {
  return KINDS.includes(kind) ? t(`tournaments.kind.${kind}`) : String(kind || '');
}

// "5+3" (minutes + seconds a move), "45s+2" under a minute: the short form
// the rest of the site uses.
export function clockName(clock) {
  if (!clock || clock.type !== 'realtime') return t('tournaments.clock.none');
  const initial = Number(clock.initial) || 0;
  const minutes = initial % 60 === 0 ? String(initial / 60) : `${initial}s`;
  return `${minutes}+${Number(clock.increment) || 0}`;
}

export function statusName(status) {
  return ['upcoming', 'running', 'finished', 'cancelled'].includes(status)
    ? t(`tournaments.status.${status}`)
    : String(status || '');
}

// "in 12 minutes", "3 hours ago", in the page's language.
export function relativeTime(ms, now = Date.now()) {
  const diff = ms - now;
  const abs = Math.abs(diff);
  let value;
  let unit;
  if (abs < 60000) [value, unit] = [Math.round(diff / 1000), 'second'];
  else if (abs < 3600000) [value, unit] = [Math.round(diff / 60000), 'minute'];
  else if (abs < 48 * 3600000) [value, unit] = [Math.round(diff / 3600000), 'hour'];
  else [value, unit] = [Math.round(diff / 86400000), 'day'];
  try {
    return new Intl.RelativeTimeFormat(lang(), { numeric: 'auto' }).format(value, unit);
  } catch {
    return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(value, unit);
  }
}

// A time left as a clock shows it: "4:05", "1:02:03"; never below zero.
export function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

// When it starts: the local date and time, and how far that is.
export function startText(tour, now = Date.now()) {
  if (!tour.starts_ms) return '';
  return t('tournaments.startsAt', { when: fmtDate(tour.starts_ms), rel: relativeTime(tour.starts_ms, now) });
}

// "Round 2 of 5" (Swiss, round robin) or how long an arena lasts.
export function lengthText(tour) {
  if (tour.kind === 'arena') return t('tournaments.minutes', { n: tour.duration_minutes || 0 });
  if (tour.rounds) return tn('tournaments.rounds', tour.rounds);
  return '';
}

export function ratedName(rated) {
  return rated ? t('tournaments.rated') : t('tournaments.casual');
}

export function playersText(n) {
  return tn('tournaments.players', Number(n) || 0);
}

// The parts of a tournament's one-line summary, in order.
export function summaryParts(tour) {
  return [kindName(tour.kind), clockName(tour.clock), ratedName(tour.rated), lengthText(tour)].filter(Boolean);
}
