import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a menu that closes on a click outside `containerRef`, on Escape (returning
 * focus to the toggle) and on every navigation.
 */
export function useDisclosure(containerRef: RefObject<HTMLElement | null>, toggleRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  const close = useCallback(() => setOpen(false), []);

  useEffect(close, [key, close]);

  useEffect(() => {
    if (!open) return undefined;
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
  }, [open, close, containerRef, toggleRef]);

  return { open, toggle: () => setOpen((value) => !value), close };
}
