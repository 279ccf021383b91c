import type { ReactNode } from 'react';

interface SectionProps {
  /** Also the anchor: `/about#<id>` scrolls here. */
  id: string;
  heading: string;
  intro?: ReactNode;
  tone?: 'plain' | 'alt';
  /** The heading can take the focus, for a page that takes the visitor to this section. */
  focusableHeading?: boolean;
  children: ReactNode;
}

/** A band of a page with its h2; the id doubles as the section's anchor (styles: shared page layout). */
export function Section({ id, heading, intro, tone = 'plain', focusableHeading = false, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={tone === 'alt' ? 'page-section page-section-alt' : 'page-section'}
    >
      <div className="page-section-inner">
        <h2 id={`${id}-heading`} className="page-section-heading" tabIndex={focusableHeading ? -1 : undefined}>
          {heading}
        </h2>
        {intro && <p className="page-section-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
