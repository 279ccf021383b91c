import { useEffect, type ReactNode } from 'react';
import { setPageMeta, type PageMeta } from '@party/shared-contracts';
import styles from './FirstScreen.module.css';

interface FirstScreenProps {
  meta: PageMeta;
  eyebrow: string;
  heading: string;
  lead: string;
  children?: ReactNode;
}

/** The opening screen of a page: hero, lead and its controls. */
export function FirstScreen({ meta, eyebrow, heading, lead, children }: FirstScreenProps) {
  useEffect(() => setPageMeta(meta), [meta]);

  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.lead}>{lead}</p>
          {children && <div className={styles.actions}>{children}</div>}
        </div>
      </header>
      <p className={styles.servedBy}>
        Served by mf-donate · release {process.env.REMOTE_RELEASE}
      </p>
    </article>
  );
}
