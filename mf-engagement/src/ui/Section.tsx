import type { ReactNode } from 'react';
import styles from './Section.module.css';

interface SectionProps {
  /** Also the anchor: `/about#<id>` scrolls here. */
  id: string;
  heading: string;
  intro?: ReactNode;
  tone?: 'plain' | 'alt';
  children: ReactNode;
}

/** A band of a page with its h2; the id doubles as the section's anchor. */
export function Section({ id, heading, intro, tone = 'plain', children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${styles.section} ${styles[tone]}`}>
      <div className={styles.inner}>
        <h2 id={`${id}-heading`} className={styles.heading}>
          {heading}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
