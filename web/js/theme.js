// The board's colours: a theme chosen in the game panel, remembered in
// localStorage and set as html[data-board-theme] (the stylesheet does the
// rest).
const KEY = 'dvonn:theme';
const THEMES = ['wood', 'slate', 'contrast'];

function saved() {
  try {
    const v = localStorage.getItem(KEY);
    return THEMES.includes(v) ? v : 'wood';
  } catch {
    return 'wood';
  }
}

function apply(theme) {
  document.documentElement.dataset.boardTheme = theme;
}

export function setupTheme(select) {
  const theme = saved();
  apply(theme);
  select.value = theme;
  select.addEventListener('change', () => {
    const v = THEMES.includes(select.value) ? select.value : 'wood';
    apply(v);
    try {
      localStorage.setItem(KEY, v);
    } catch {
      /* private mode */
    }
  });
}
