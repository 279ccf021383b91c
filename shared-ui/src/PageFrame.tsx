import type { ReactNode } from 'react';
import type { PageMeta } from '@party/shared-contracts';
import { usePageMeta } from './usePageMeta.js';
// The hero and section classes (page-layout.css) come once per page, with the shell's stylesheet:
// imported here, every page would inline them twice. A remote on its own imports them in standalone.tsx.

interface PageFrameProps {
  meta: PageMeta;
  children: ReactNode;
}

/** The frame of every page a remote exposes: sets its title and description, marks the release. */
export function PageFrame({ meta, children }: PageFrameProps) {
  usePageMeta(meta);
  return (
    // Operators see which release served a page in its markup (and in /api/health); visitors see one site.
    <article data-release={process.env.REMOTE_RELEASE}>{children}</article>
  );
}
