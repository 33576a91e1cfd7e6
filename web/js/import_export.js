// Games in and out as records (docs/game-record.md): the import form on the
// home page (a pasted or chosen file, optionally cut after some moves) and
// the export link of the game shown.
import { api } from './api.js';
import { t } from './i18n.js';
import { $, byTest } from './dom.js';
import { createAndOpen } from './home.js';

export function setupImport() {
  const imp = byTest('import-form');
  const syncImp = () => {
    $('.engine-only', imp).hidden = imp.elements.imode.value !== 'engine';
  };
  imp.addEventListener('change', syncImp);
  syncImp();
  byTest('import-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (f) imp.elements.record.value = await f.text();
  });
  imp.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const record = imp.elements.record.value;
    if (!record.trim()) {
      byTest('home-message').textContent = t('import.empty');
      return;
    }
    const opts = { mode: imp.elements.imode.value, record };
    if (opts.mode === 'engine') {
      opts.level = Number(imp.elements.ilevel.value);
      opts.color = imp.elements.icolor.value;
    }
    const upto = imp.elements.upto.value.trim();
    if (upto !== '') {
      const n = Number(upto);
      if (!Number.isInteger(n) || n < 0) {
        byTest('home-message').textContent = t('import.badUpto');
        return;
      }
      opts.upto = n;
    }
    createAndOpen(opts);
  });
}

export function renderExport(game) {
  byTest('export').href = api.recordUrl(game.id);
  byTest('export').setAttribute('download', `dvonn-${game.id}.txt`);
}
