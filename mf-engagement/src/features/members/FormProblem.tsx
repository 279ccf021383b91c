import { useEffect, useRef } from 'react';
import styles from './Members.module.css';

/** Why a form failed, in the gateway's words: announced, and focused so that it is read first. */
export function FormProblem({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return message ? (
    <div ref={ref} tabIndex={-1} role="alert" className={styles.problem}>
      {message}
    </div>
  ) : null;
}
