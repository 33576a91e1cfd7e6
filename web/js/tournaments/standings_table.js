// The standings of a tournament as a table: rank, player (linked to the
// profile), points and the tie-breaks (Buchholz, Sonneborn-Berger) for Swiss
// and round robin; points, the sheet of points per game and a flame for a
// player on fire (the next win counts double) for an arena.
import { t, lang } from '../i18n.js';
import { el } from '../dom.js';

export function fmtPoints(x) {
  const n = Number(x) || 0;
  try {
    return new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(n);
  } catch {
    return String(n);
  }
}

// The player's cell: a link to the profile (engines have none), the rating,
// and what else is worth knowing at a glance.
export function playerCell(row, entrant, me) {
  const td = el('td', { class: 'standing-player' });
  if (entrant && entrant.engine) td.appendChild(el('span', { class: 'name' }, row.name));
  else td.appendChild(el('a', { href: `#profile=${encodeURIComponent(row.name)}`, class: 'name' }, row.name));
  if (typeof row.rating === 'number') td.appendChild(el('span', { class: 'rating' }, ` ${Math.round(row.rating)}`));
  if (me && row.name.toLowerCase() === me.toLowerCase())
    td.appendChild(el('span', { class: 'tag you' }, ` ${t('tournaments.you')}`));
  if (entrant && entrant.withdrawn)
    td.appendChild(el('span', { class: 'tag withdrawn' }, ` ${t('tournaments.withdrawn')}`));
  return td;
}

function headCell(key, cls) {
  const th = el('th', { scope: 'col', class: cls }, t(key));
  return th;
}

// Fills table (a <table> with a <thead> and a <tbody>) with the rows.
export function renderStandings(table, kind, rows, entrants, me) {
  const byName = new Map((entrants || []).map((e) => [e.name, e]));
  const arena = kind === 'arena';
  table.dataset.kind = kind;
  const head = table.tHead || table.createTHead();
  head.innerHTML = '';
  const hr = head.insertRow();
  hr.append(headCell('tournaments.col.rank', 'rank'), headCell('tournaments.col.player', 'standing-player'));
  hr.appendChild(headCell('tournaments.col.points', 'points'));
  if (arena) hr.appendChild(headCell('tournaments.col.sheet', 'sheet'));
  else {
    const bh = headCell('tournaments.col.buchholz', 'tiebreak');
    bh.title = t('tournaments.col.buchholzTitle');
    const sb = headCell('tournaments.col.sb', 'tiebreak sb');
    sb.title = t('tournaments.col.sbTitle');
    const sbAbbr = sb.textContent;
    sb.textContent = '';
    sb.appendChild(el('abbr', { title: t('tournaments.col.sbTitle') }, sbAbbr));
    hr.append(bh, sb);
  }
  const body = table.tBodies[0] || table.createTBody();
  body.innerHTML = '';
  for (const row of rows || []) {
    const tr = el('tr', { 'data-testid': 'standing' });
    tr.dataset.name = row.name;
    if (me && row.name.toLowerCase() === me.toLowerCase()) tr.className = 'me';
    tr.appendChild(el('td', { class: 'rank' }, String(row.rank)));
    const player = playerCell(row, byName.get(row.name), me);
    if (arena && row.on_fire) {
      player.appendChild(document.createTextNode(' '));
      player.appendChild(
        el(
          'span',
          { class: 'fire', role: 'img', 'aria-label': t('tournaments.onFire'), title: t('tournaments.onFire') },
          '🔥',
        ),
      );
    }
    tr.appendChild(player);
    tr.appendChild(el('td', { class: 'points', 'data-testid': 'standing-points' }, fmtPoints(row.points)));
    if (arena) tr.appendChild(el('td', { class: 'sheet' }, row.sheet || ''));
    else {
      tr.appendChild(el('td', { class: 'tiebreak' }, fmtPoints(row.buchholz)));
      tr.appendChild(el('td', { class: 'tiebreak sb' }, fmtPoints(row.sonneborn_berger)));
    }
    body.appendChild(tr);
  }
}
