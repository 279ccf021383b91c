import { Link } from 'react-router';
import { PARTY_NAME } from '@party/shared-contracts';
import { BrandMark } from './BrandMark';
import type { SiteMapGroup } from './site-navigation';
import styles from './SiteFooter.module.css';

/** The site's footer, with the map of the site the active releases ask for (see site-navigation). */
export function SiteFooter({ siteMap }: { siteMap: readonly SiteMapGroup[] }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <BrandMark size={32} />
          <p className={styles.slogan}>Not patching broken systems. Replacing them.</p>
        </div>
        <nav aria-label="Footer" className={styles.siteMap}>
          {siteMap.map((group) => (
            <div key={group.heading}>
              <h2 className={styles.heading}>{group.heading}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.copyright}>
        © {year} {PARTY_NAME}. Evidence-based, technology-enabled government.
      </p>
    </footer>
  );
}
