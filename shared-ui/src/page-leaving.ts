let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
    // Still here a few seconds later: the page was not left after all (a download, a cancelled navigation).
    setTimeout(() => (leaving = false), 3_000);
  });
}

/**
 * Whether the visitor is leaving the page: the browser stops the page's loads as the next page
 * starts, and a load cut short so is no failure of a remote, to report or to warn about.
 */
export const isLeavingPage = (): boolean => leaving;
