import { useEffect } from 'react';
import { Link } from 'react-router';
import { setPageMeta, type PageMeta } from '@party/shared-contracts';
import styles from './FirstScreen.module.css';

export interface FirstScreenSection {
  id: string;
  heading: string;
  body: string;
}

export interface FirstScreenAction {
  to: string;
  label: string;
  primary?: boolean;
}

interface FirstScreenProps {
  meta: PageMeta;
  eyebrow: string;
  heading: string;
  lead: string;
  sections?: readonly FirstScreenSection[];
  actions?: readonly FirstScreenAction[];
}

/** The opening screen of a content page: hero with its calls to action, lead and anchored sections. */
export function FirstScreen({ meta, eyebrow, heading, lead, sections = [], actions = [] }: FirstScreenProps) {
  useEffect(() => setPageMeta(meta), [meta]);

  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.lead}>{lead}</p>
          {actions.length > 0 && (
            <div className={styles.actions}>
              {actions.map((action) => (
                <Link key={action.to} to={action.to} className={action.primary ? styles.primaryAction : styles.secondaryAction}>
                  {action.label}
                </Link>
              ))}
            </div>
          )}
        </div>
      </header>
      {sections.length > 0 && (
        <div className={styles.sections}>
          {sections.map((section) => (
            <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              <p>{section.body}</p>
            </section>
          ))}
        </div>
      )}
      <p className={styles.servedBy}>
        Served by mf-content · release {process.env.REMOTE_RELEASE}
      </p>
    </article>
  );
}
