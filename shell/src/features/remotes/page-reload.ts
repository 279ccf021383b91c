/**
 * Loads the whole page again: the browser keeps a failed preload of the page's scripts for the next
 * request of each, so a second try inside the page would fail however well the remote is again; a
 * new page load fetches everything afresh (and arrives rendered).
 */
export function reloadPage(): void {
  window.location.reload();
}
