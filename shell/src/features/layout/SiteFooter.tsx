import { Link } from 'react-router';
import { memberLinks, PARTY_NAME } from '@party/shared-contracts';
import { BrandMark } from './BrandMark';
import styles from './SiteFooter.module.css';

/** The whole site, by what a visitor comes for; the spec's three links keep their own group. */
const siteMap = [
  {
    heading: 'The party',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/manifesto', label: 'Manifesto' },
      { to: '/policy', label: 'Policy' },
      { to: '/leadership', label: 'Leadership' },
      { to: '/careers', label: 'Careers' },
    ],
  },
  {
    heading: 'News and events',
    links: [
      { to: '/news', label: 'News and research' },
      { to: '/events', label: 'Events' },
    ],
  },
  {
    heading: 'Take part',
    links: [
      { to: '/get-involved', label: 'Get involved' },
      { to: '/join', label: 'Join' },
      { to: '/volunteer', label: 'Volunteer' },
      { to: '/donate', label: 'Donate' },
      { to: memberLinks.signInPage, label: 'Member sign-in' },
    ],
  },
  {
    heading: 'Contact and legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Use' },
      { to: '/contact', label: 'Contact' },
    ],
  },
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
