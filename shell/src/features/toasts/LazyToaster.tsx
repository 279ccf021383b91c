import { lazy, Suspense, useState } from 'react';
import { useToasts } from './useToasts';

const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toast UI (Radix) when the first toast is raised and keeps it mounted, so that its code
 * is not part of a first visit that raises none.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  if (hasToasts && !mounted) setMounted(true);

  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
