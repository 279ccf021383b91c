import { Link, NavLink } from 'react-router';
import { memberLinks } from '@party/shared-contracts';
import { useMemberSignedIn } from '../member-area/useMemberSignedIn';
import { BrandMark } from './BrandMark';
import type { NavigationLink } from './site-navigation';
import { usePopoverMenu } from './usePopoverMenu';
import { useScrolledPast } from './useScrolledPast';
import styles from './SiteHeader.module.css';

/** Past this many pixels of scroll the sticky header gains its shadow. */
const SHADOW_SCROLL_THRESHOLD_PX = 10;

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

/** The site's header; `navigation`: the main links the active releases ask for (see site-navigation). */
export function SiteHeader({ navigation }: { navigation: readonly NavigationLink[] }) {
  const { menuRef, open: menuOpen } = usePopoverMenu();
  const scrolled = useScrolledPast(SHADOW_SCROLL_THRESHOLD_PX);
  const signedIn = useMemberSignedIn();

  return (
    // Operators see which release of the shell served a page in its markup, as for each remote.
    <header className={styles.header} data-scrolled={scrolled || undefined} data-release={process.env.SHELL_RELEASE}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <BrandMark />
          <span className={styles.brandName}>
            Refoundation <span className={styles.brandSuffix}>Party</span>
          </span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <button
            type="button"
            className={styles.toggle}
            popoverTarget="site-menu"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                className={styles.openIcon}
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <path
                className={styles.closeIcon}
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span className="visually-hidden">Main menu</span>
          </button>
          <ul ref={menuRef} id="site-menu" popover="auto" className={styles.menu}>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={signedIn ? memberLinks.accountPage : memberLinks.signInPage} className={linkClass}>
                {signedIn ? 'My membership' : 'Sign in'}
              </NavLink>
            </li>
            <li>
              <NavLink
                to="/join"
                className={({ isActive }) =>
                  `button button-accent ${styles.joinNow} ${isActive ? styles.joinNowActive : ''}`
                }
              >
                Join Now
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
