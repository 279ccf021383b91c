import { useEffect } from 'react';
import { setPageMeta, type PageMeta } from '@party/shared-contracts';

/** Tells the shell this page's title and description; call it with a stable (module-level) value. */
export function usePageMeta(meta: PageMeta) {
  const { title, description } = meta;
  useEffect(() => setPageMeta({ title, description }), [title, description]);
}
