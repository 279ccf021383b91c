import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a menu that closes on a click outside `containerRef`, on Escape (returning
 * focus to the toggle) and on every navigation: it is open only at the location it was opened on.
 */
export function useDisclosure(containerRef: RefObject<HTMLElement | null>, toggleRef: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === key;

  useEffect(() => {
    if (!open) return undefined;
    const close = () => setOpenedAt(null);
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, containerRef, toggleRef]);

  return { open, toggle: () => setOpenedAt(open ? null : key) };
}
