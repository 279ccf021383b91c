import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

interface PageHeroProps {
  eyebrow: string;
  heading: string;
  lead: ReactNode;
  /** Calls to action, usually `ActionLink`s. */
  children?: ReactNode;
}

/** The opening band of a page: the page's one h1. */
export function PageHero({ eyebrow, heading, lead, children }: PageHeroProps) {
  return (
    <header className={styles.hero}>
      <div className={styles.inner}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.lead}>{lead}</p>
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </header>
  );
}
