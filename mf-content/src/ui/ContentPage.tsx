import type { ReactNode } from 'react';
import type { PageMeta } from '@party/shared-contracts';
import { usePageMeta } from '@party/shared-contracts/ui';
// Every exposed page renders in this frame: the hero and section classes come with it.
import '@party/shared-contracts/page-layout.css';

interface ContentPageProps {
  meta: PageMeta;
  children: ReactNode;
}

/** The frame of every page of this remote: sets its title and description, marks the release. */
export function ContentPage({ meta, children }: ContentPageProps) {
  usePageMeta(meta);
  return (
    // Operators see which release served a page in its markup (and in /api/health); visitors see one site.
    <article data-release={process.env.REMOTE_RELEASE}>{children}</article>
  );
}
