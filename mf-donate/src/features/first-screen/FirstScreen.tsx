import { useEffect, type ReactNode } from 'react';
import { setPageMeta, type PageMeta } from '@party/shared-contracts';
import '@party/shared-contracts/page-layout.css';

interface FirstScreenProps {
  meta: PageMeta;
  eyebrow: string;
  heading: string;
  lead: string;
  children?: ReactNode;
}

/** The opening screen of a page: hero, lead and its controls (styles: shared page layout). */
export function FirstScreen({ meta, eyebrow, heading, lead, children }: FirstScreenProps) {
  useEffect(() => setPageMeta(meta), [meta]);

  return (
    <article>
      <header className="page-hero">
        <div className="page-hero-inner">
          <p className="page-hero-eyebrow">{eyebrow}</p>
          <h1 className="page-hero-heading">{heading}</h1>
          <p className="page-hero-lead">{lead}</p>
          {children && <div className="page-hero-actions">{children}</div>}
        </div>
      </header>
      <p className="page-stamp">Served by mf-donate · release {process.env.REMOTE_RELEASE}</p>
    </article>
  );
}
