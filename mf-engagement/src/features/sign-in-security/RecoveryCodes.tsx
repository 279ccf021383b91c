import { useEffect, useRef } from 'react';
import { PARTY_NAME } from '@party/shared-contracts';
import styles from './SecondFactor.module.css';

/** Recovery codes, shown once: to keep somewhere safe (a download, or copied), then acknowledged. */
export function RecoveryCodes({ codes, onKept }: { codes: readonly string[]; onKept: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const file = `${PARTY_NAME} staff console: recovery codes\nEach works once, in place of your passkey or authenticator app.\n\n${codes.join('\n')}\n`;
  return (
    <section className={styles.recovery} aria-labelledby="recovery-heading">
      <h3 id="recovery-heading" ref={headingRef} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        If you lose your passkey or your phone, each of these codes signs you in once. Keep them somewhere safe, apart
        from your devices: they are shown only now.
      </p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <a
          className="button button-outline"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="recovery-codes.txt"
        >
          Download them
        </a>
        <button type="button" className="button button-primary" onClick={onKept}>
          I have kept them safe
        </button>
      </div>
    </section>
  );
}
