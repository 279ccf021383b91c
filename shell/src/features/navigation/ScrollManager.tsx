import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToAnchor } from './scroll-to-anchor';

/**
 * On every new path the page starts at the top and focus moves to the main landmark, so that
 * keyboard and screen-reader users start at the new content. A #anchor scrolls its element into
 * view once the (possibly still loading) page has rendered it. Query changes alone do not move
 * the page: they are filters on the same page.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const lastPathname = useRef(pathname);
  const firstRender = useRef(true);

  useEffect(() => {
    const pathChanged = lastPathname.current !== pathname;
    lastPathname.current = pathname;
    if (hash) return scrollToAnchor(decodeURIComponent(hash.slice(1)));
    // On the first render the browser has placed the page already (it may have been read and
    // scrolled before the script ran): leave it where it is.
    if (firstRender.current) {
      firstRender.current = false;
      return undefined;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
    return undefined;
  }, [pathname, hash]);

  return null;
}
