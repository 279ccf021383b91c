import { Link } from 'react-router';
import { PARTY_NAME } from '@party/shared-contracts';
import { BrandMark } from './BrandMark';
import styles from './SiteFooter.module.css';

const footerLinks = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <BrandMark size={32} />
          <p className={styles.slogan}>Not patching broken systems. Replacing them.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>
        © {year} {PARTY_NAME}. Evidence-based, technology-enabled government.
      </p>
    </footer>
  );
}
