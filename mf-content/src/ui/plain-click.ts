import type { MouseEvent } from 'react';

/**
 * A click that follows a link in this tab: one the page may take over. With a modifier key the
 * visitor asked for a new tab or window, which the browser does itself.
 */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
