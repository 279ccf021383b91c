import { useMemo, type ReactNode } from 'react';
import type { SiteRoute } from '@party/shared-contracts';
import { HydrateWhenSeen } from '@party/shared-ui';
import { navigationOf, siteMapOf } from './site-navigation';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import styles from './SiteLayout.module.css';

/**
 * The chrome around every page; its links are those the active releases' `routes` ask for. `notice`:
 * what must be said above the header (a release preview), after the skip link.
 */
export function SiteLayout({
  routes,
  notice,
  children,
}: {
  routes: readonly SiteRoute[];
  notice?: ReactNode;
  children: ReactNode;
}) {
  const navigation = useMemo(() => navigationOf(routes), [routes]);
  const siteMap = useMemo(() => siteMapOf(routes), [routes]);
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {notice}
      <SiteHeader navigation={navigation} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <HydrateWhenSeen id="site-footer">
        <SiteFooter siteMap={siteMap} />
      </HydrateWhenSeen>
    </>
  );
}
