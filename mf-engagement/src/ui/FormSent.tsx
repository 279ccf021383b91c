import { useEffect, useRef, type ReactNode } from 'react';
import styles from './FormSent.module.css';

/**
 * What a form says where it stands once it has been sent, beside the site's brief toast: it stays
 * on screen, is announced, and takes the focus so that keyboard and screen reader users land on it
 * rather than at the top of the page. `sendCount` counts successful sends (0: not sent yet).
 */
export function FormSent({ sendCount, title, children }: { sendCount: number; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sendCount > 0) ref.current?.focus();
  }, [sendCount]);
  return sendCount > 0 ? (
    <div ref={ref} tabIndex={-1} role="status" className={styles.sent}>
      <svg viewBox="0 0 20 20" aria-hidden="true" className={styles.icon}>
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-1.2 12.1L5 9.8l1.2-1.2 2.6 2.6 5-5 1.2 1.2-6.2 6.2Z" />
      </svg>
      <div>
        <p className={styles.title}>{title}</p>
        <p className={styles.text}>{children}</p>
      </div>
    </div>
  ) : null;
}
