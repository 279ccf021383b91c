import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow: string;
  heading: string;
  lead: ReactNode;
  /** Calls to action. */
  children?: ReactNode;
}

/** The opening band of a page: the page's one h1 (styles: shared page layout). */
export function PageHero({ eyebrow, heading, lead, children }: PageHeroProps) {
  return (
    <header className="page-hero">
      <div className="page-hero-inner">
        <p className="page-hero-eyebrow">{eyebrow}</p>
        <h1 className="page-hero-heading">{heading}</h1>
        <p className="page-hero-lead">{lead}</p>
        {children && <div className="page-hero-actions">{children}</div>}
      </div>
    </header>
  );
}
