import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu that is an HTML popover (`popover` on it, `popoverTarget` on its toggle): the browser
 * opens it before the page's code has run, closes it on a click outside and on Escape (returning
 * the focus to the toggle). Once the code runs, it also closes on every navigation, and `open`
 * follows it for the toggle's aria-expanded (undefined until then: the browser says it itself).
 */
export function usePopoverMenu() {
  const { key } = useLocation();
  const menuRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    const menu = menuRef.current;
    // A browser without popovers (before 2024) shows no toggle state: its menu stays closed.
    if (!menu || typeof menu.showPopover !== 'function') return undefined;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    setOpen(menu.matches(':popover-open'));
    menu.addEventListener('toggle', onToggle);
    return () => menu.removeEventListener('toggle', onToggle);
  }, []);

  // A navigation closes it; hydration is none: a menu opened before the code arrived stays open.
  const shownAt = useRef(key);
  useEffect(() => {
    const menu = menuRef.current;
    if (key === shownAt.current) return;
    shownAt.current = key;
    if (menu && typeof menu.hidePopover === 'function' && menu.matches(':popover-open')) menu.hidePopover();
  }, [key]);

  return { menuRef, open };
}
