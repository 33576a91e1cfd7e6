// The rules page's diagram and language switch (a file, not an inline
// script: the Content-Security-Policy allows only this server's scripts).
import { Board } from './board.js';
import { neighbours } from './rules.js';
import { initI18n, applyI18n, mountLanguageSwitch, onLanguageChange } from './i18n.js';
await initI18n();
applyI18n(document);
mountLanguageSwitch(document.querySelector('[data-testid="lang-select"]'));
const svg = document.querySelector('[data-testid="rules-board"]');
const board = new Board(svg, { onClick() {}, interactive: false });
const draw = () =>
  board.render({ stacks: { E3: 'bw', C5: 'd', H2: 'd', C1: 'd' }, removed: {}, targets: new Set(neighbours('E3')) });
draw();
applyI18n(svg.parentElement);
// The board's own labels, then the diagram's description, in the new language.
onLanguageChange(() => {
  board.build();
  draw();
  applyI18n(svg.parentElement);
});
