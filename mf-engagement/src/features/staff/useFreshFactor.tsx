import { useRef, useState } from 'react';
import { staffLinks, type StaffSessionView } from '@party/shared-contracts';
import { factorAge, useConsoleSession } from './useStaffSession';
import { SecondFactorForm } from '../sign-in-security';
import styles from './Staff.module.css';

/**
 * A step the gateway allows only within `maxAgeSeconds` of the second factor (a download of people,
 * an erasure): `run(step)` does it at once when the factor is fresh; otherwise `prompt` asks for
 * the factor in place, then does it.
 */
export function useFreshFactor(maxAgeSeconds: number, purpose: string) {
  const { session, update } = useConsoleSession();
  const [waiting, setWaiting] = useState(false);
  const step = useRef<(() => void) | null>(null);
  // True while the step runs right after the factor was given (this render's session is older).
  const justGiven = useRef(false);
  // A few seconds' margin, so that the gateway does not refuse what the console let through.
  const fresh = () => justGiven.current || factorAge(session) < maxAgeSeconds - 10;
  const run = (action: () => void) => {
    if (fresh()) return action();
    step.current = action;
    setWaiting(true);
  };
  const prompt = waiting ? (
    <div className={styles.reauth} role="group" aria-label="Confirm it is you">
      <SecondFactorForm
        endpoints={staffLinks}
        passkey={session.factors.passkey}
        purpose={purpose}
        onGiven={(view: StaffSessionView) => {
          update(view);
          setWaiting(false);
          justGiven.current = true;
          step.current?.();
          justGiven.current = false;
          step.current = null;
        }}
      />
    </div>
  ) : null;
  return { fresh, run, prompt };
}
