import type { MouseEvent } from 'react';

/**
 * The click handler of a link the page follows itself once its code runs (`action`), its address
 * being for the browser before then. A click with a modifier key (a new tab or window) is left to
 * the browser.
 */
export function inPageClick(action: () => void) {
  return (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    action();
  };
}
