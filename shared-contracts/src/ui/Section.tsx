import type { ReactNode } from 'react';

interface SectionProps {
  /** Also the anchor: `/about#<id>` scrolls here. */
  id: string;
  heading: string;
  intro?: ReactNode;
  tone?: 'plain' | 'alt';
  children: ReactNode;
}

/** A band of a page with its h2; the id doubles as the section's anchor (styles: shared page layout). */
export function Section({ id, heading, intro, tone = 'plain', children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={tone === 'alt' ? 'page-section page-section-alt' : 'page-section'}
    >
      <div className="page-section-inner">
        <h2 id={`${id}-heading`} className="page-section-heading">
          {heading}
        </h2>
        {intro && <p className="page-section-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
