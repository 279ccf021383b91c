/**
 * Loads the whole page again: the browser keeps a failed preload of another remote's scripts for
 * the next request of each, so a second try inside the page would fail however well that remote is
 * again; a new page load fetches everything afresh.
 */
export function reloadPage(): void {
  window.location.reload();
}
