import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './useToasts';

const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toast UI (Radix) when the first toast is raised, or when F8 asks for the notifications
 * region, and keeps it mounted: its code is not part of a first visit that needs neither, yet F8
 * reaches the region on any page, as docs/product.md says.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  if (hasToasts && !mounted) setMounted(true);

  useEffect(() => {
    if (mounted) return;
    // Once mounted, Radix's viewport answers F8 itself.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      setFocusOnMount(true);
      setMounted(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mounted]);

  return mounted ? (
    <Suspense fallback={null}>
      <Toaster focusOnMount={focusOnMount} />
    </Suspense>
  ) : null;
}
