import { useEffect, useState } from 'react';

/** Whether the page has scrolled further than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  // Read after mounting: the server, and so the hydrated first render, cannot know the scroll.
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);

  return scrolled;
}
