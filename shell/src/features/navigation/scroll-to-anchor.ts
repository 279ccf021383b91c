/** How long to wait for a remote page to render the anchored element. */
const ANCHOR_WAIT_MS = 5000;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function reveal(element: HTMLElement): void {
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Scrolls the element with this id into view, waiting (bounded) for it to appear. Returns a
 * function that stops waiting.
 */
export function scrollToAnchor(id: string): () => void {
  const existing = document.getElementById(id);
  if (existing) {
    reveal(existing);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    reveal(element);
  });
  const timer = setTimeout(() => stop(), ANCHOR_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
