import { useRef, useState, type ReactNode } from 'react';
import { STAFF_REAUTH_SECONDS } from '@party/shared-contracts';
import { SecondFactorForm } from './SecondFactorForm';
import { factorAge, useConsoleSession } from './useStaffSession';
import styles from './Staff.module.css';

/**
 * A CSV download of people's data. The gateway sends it only within 15 minutes of the second
 * factor; past that, the factor is asked for here first, and the download then starts.
 */
export function CsvDownload({ href, children }: { href: string; children: ReactNode }) {
  const { session, update } = useConsoleSession();
  const [asking, setAsking] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const justConfirmed = useRef(false);
  return (
    <>
      <a
        ref={link}
        className={styles.download}
        href={href}
        download
        onClick={(event) => {
          // A few seconds' margin, so that the gateway does not refuse what the console let through.
          if (justConfirmed.current || factorAge(session) < STAFF_REAUTH_SECONDS.downloads - 10) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {children}
      </a>
      {asking && (
        <div className={styles.reauth} role="group" aria-label="Confirm it is you">
          <SecondFactorForm
            passkey={session.factors.passkey}
            purpose="A download of people’s data asks for your second factor again after 15 minutes. Confirm it is you, and it starts."
            onGiven={(view) => {
              update(view);
              setAsking(false);
              justConfirmed.current = true;
              link.current?.click();
              justConfirmed.current = false;
            }}
          />
        </div>
      )}
    </>
  );
}
