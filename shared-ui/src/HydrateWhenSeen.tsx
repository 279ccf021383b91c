import { Suspense, use, type ReactNode } from 'react';
import { watchUntilNeeded } from './watch-until-needed.js';

// One per part for the page's lifetime: a suspended render keeps no state of its own.
const sightings = new Map<string, ReturnType<typeof watchUntilNeeded>>();

// The parts in the server's HTML, read when this module is evaluated: before React hydrates the page,
// which loads its modules first. A part rendered in the browser later is not among them.
const serverRendered = new Set(
  typeof document === 'undefined'
    ? []
    : Array.from(
        document.querySelectorAll<HTMLElement>('[data-hydrate-when-seen]'),
        (part) => part.dataset.hydrateWhenSeen,
      ),
);

/** The part comes within this distance of the screen: hydrated before the visitor reaches it. */
const AHEAD = '200px 0px';

/**
 * Holds back the first hydration of the server's HTML of `id` until it is needed: until it comes
 * near the screen, or the visitor points at, touches or focuses it. Suspends on its first render
 * only, while the server's HTML of it is being hydrated; any later render (React retrying once it
 * is needed, an update reaching it, a click React hydrates it for) lets it hydrate at once, so an
 * update never replaces the server's HTML with the empty fallback.
 */
function SightGate({ id }: { id: string }) {
  const sighting = sightings.get(id);
  if (sighting) {
    sighting.need();
    return null;
  }
  // On the server, and for a part rendered in the browser: at once.
  const element = serverRendered.delete(id) ? document.querySelector(`[data-hydrate-when-seen="${id}"]`) : null;
  if (!element?.hasChildNodes() || typeof IntersectionObserver === 'undefined') return null;
  // The wrapper has no box of its own (display: contents): its children are what is seen.
  const watched = watchUntilNeeded(element, { seen: element.children, ahead: AHEAD });
  sightings.set(id, watched);
  use(watched.needed);
  return null;
}

/**
 * Content below the fold that needs no code until the visitor reaches it (links, text, images): the
 * server renders it; the browser hydrates it when it is needed, so that starting the page costs
 * the hydration of what is in view alone. Until then it is the server's HTML, links included.
 * Not for forms: a form sent before hydration would be sent natively.
 */
export function HydrateWhenSeen({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <SightGate id={id} />
      <div data-hydrate-when-seen={id}>{children}</div>
    </Suspense>
  );
}
