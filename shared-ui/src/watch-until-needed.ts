/** What a visitor does that says they are about to use a part of the page. */
const interactions = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * Watches a part of the server's HTML until it is needed: until one of `seen` comes within `ahead`
 * of the screen, or the visitor points at, touches or focuses `part`. `need()` says so at once;
 * either way the watching stops and `needed` settles, once.
 */
export function watchUntilNeeded(
  part: Element,
  { seen = [part], ahead = '0px' }: { seen?: Iterable<Element>; ahead?: string } = {},
): { needed: Promise<void>; need: () => void } {
  let resolve = () => {};
  const needed = new Promise<void>((settle) => (resolve = settle));
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && need(), {
    rootMargin: ahead,
  });
  function need() {
    observer.disconnect();
    for (const type of interactions) part.removeEventListener(type, need);
    resolve();
  }
  for (const element of seen) observer.observe(element);
  for (const type of interactions) part.addEventListener(type, need, { passive: true });
  return { needed, need };
}
