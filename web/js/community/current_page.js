// Which community page is on screen ({page, params}, or null): a page drops
// an answer that arrives after the user has left it.
import { byTest } from '../dom.js';

let current = null;

export const currentPage = () => current;
export function setCurrentPage(c) {
  current = c;
}
export const isShown = (page) => !!current && current.page === page;

// A problem said on the message line of the page on screen.
export function alertPage(text) {
  if (current) {
    const m = byTest(`${current.page}-message`);
    if (m) m.textContent = text;
  }
}
