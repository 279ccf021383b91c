import { useRef, type ReactNode } from 'react';
import { STAFF_REAUTH_SECONDS } from '@party/shared-contracts';
import { useFreshFactor } from './useFreshFactor';
import styles from './Staff.module.css';

/**
 * A download of people's data (a CSV, a person's JSON). The gateway sends it only within 15 minutes
 * of the second factor; past that, the factor is asked for here first, and the download then starts.
 */
export function DataDownload({ href, children }: { href: string; children: ReactNode }) {
  const link = useRef<HTMLAnchorElement>(null);
  const { fresh, run, prompt } = useFreshFactor(
    STAFF_REAUTH_SECONDS.downloads,
    'A download of people’s data asks for your second factor again after 15 minutes. Confirm it is you, and it starts.',
  );
  return (
    <>
      <a
        ref={link}
        className={styles.download}
        href={href}
        download
        onClick={(event) => {
          if (fresh()) return;
          event.preventDefault();
          run(() => link.current?.click());
        }}
      >
        {children}
      </a>
      {prompt}
    </>
  );
}
