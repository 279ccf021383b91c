import type { ReactNode } from 'react';
import type { PageMeta } from '@party/shared-contracts';
// Every exposed page renders in this frame: the hero, section and stamp classes come with it.
import '@party/shared-contracts/page-layout.css';
import { RemoteStamp } from './RemoteStamp';
import { usePageMeta } from './usePageMeta';

interface ContentPageProps {
  meta: PageMeta;
  children: ReactNode;
}

/** The frame of every page of this remote: sets its title and description, marks the release. */
export function ContentPage({ meta, children }: ContentPageProps) {
  usePageMeta(meta);
  return (
    <article>
      {children}
      <RemoteStamp />
    </article>
  );
}
