import type { ReactNode } from 'react';
import { chaptersEmail, headquarters, socialLinks } from './contact-details';
import styles from './Contact.module.css';

/**
 * Other ways to reach the party: headquarters, social networks, the newsletter sign-up (another
 * feature's, composed by the page) and local chapters.
 */
export function ContactSidebar({ newsletterSignup }: { newsletterSignup: ReactNode }) {
  return (
    <aside className={styles.sidebar} aria-label="Other ways to reach us">
      <section className={styles.panel} aria-labelledby="headquarters-heading">
        <h2 id="headquarters-heading" className={styles.panelHeading}>
          {headquarters.name}
        </h2>
        <address className={styles.address}>
          {headquarters.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <dl className={styles.details}>
          <dt>Phone</dt>
          <dd>
            <a href={headquarters.phone.href}>{headquarters.phone.display}</a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${headquarters.email}`}>{headquarters.email}</a>
          </dd>
          <dt>Hours</dt>
          <dd>{headquarters.hours}</dd>
        </dl>
      </section>

      <section className={styles.panel} aria-labelledby="social-heading">
        <h2 id="social-heading" className={styles.panelHeading}>
          Follow us
        </h2>
        <ul className={styles.socials}>
          {socialLinks.map((link) => (
            <li key={link.network}>
              <a href={link.href} rel="noopener noreferrer" target="_blank">
                <span className={styles.network}>{link.network}</span>
                <span className={styles.handle}>{link.handle}</span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {newsletterSignup}

      <section className={`${styles.panel} ${styles.chapters}`} aria-labelledby="chapters-heading">
        <h2 id="chapters-heading" className={styles.panelHeading}>
          Regional chapters
        </h2>
        <p>
          Chapters in 32 states organise town halls, canvassing and policy workshops. Meet the people working on the
          issues where you live.
        </p>
        <a
          className="button button-on-dark"
          href={`mailto:${chaptersEmail}?subject=${encodeURIComponent('Find my local chapter')}`}
        >
          Find Your Local Chapter
        </a>
      </section>
    </aside>
  );
}
