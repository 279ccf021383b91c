import { useEffect, useRef } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DEFAULT_DURATION_MS, toastStore } from './toast-store';
import { useToasts } from './useToasts';
import styles from './Toaster.module.css';

/**
 * Renders the page's single toast store in an F8-reachable notifications region. `focusOnMount`:
 * it was mounted by F8, which it then answers as Radix does once mounted.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const toasts = useToasts();
  const viewportRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewportRef.current?.focus();
  }, [focusOnMount]);

  return (
    <ToastPrimitive.Provider duration={TOAST_DEFAULT_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          duration={toast.duration}
          onOpenChange={(open) => {
            if (!open) toastStore.getState().dismiss(toast.id);
          }}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          className={styles.toast}
          data-variant={toast.variant}
        >
          <div className={styles.body}>
            {toast.title && <ToastPrimitive.Title className={styles.title}>{toast.title}</ToastPrimitive.Title>}
            <ToastPrimitive.Description className={styles.description}>{toast.description}</ToastPrimitive.Description>
          </div>
          <ToastPrimitive.Close className={styles.close} aria-label="Dismiss notification">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport ref={viewportRef} className={styles.viewport} label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
