import { useState } from 'react';
import { staffLinks, type SecondFactorAdded, type StaffSessionView } from '@party/shared-contracts';
import card from '../../ui/FormCard.module.css';
import { AddFactor, RecoveryCodes, SecondFactorStep } from '../sign-in-security';
import type { StaffSessionOf } from './useStaffSession';
import styles from './Staff.module.css';

/** After the password: the second factor, or (for an account without one yet) adding the first. */
export function StaffSecondStep({
  session,
  onDone,
  refresh,
}: {
  session: StaffSessionOf;
  onDone: (view: StaffSessionView) => void;
  refresh: () => void;
}) {
  const [added, setAdded] = useState<SecondFactorAdded | null>(null);
  if (session.step === 'factor')
    return (
      <SecondFactorStep
        endpoints={staffLinks}
        passkey={session.factors.passkey}
        onGiven={onDone}
        className={styles.signIn}
      />
    );
  return (
    <div className={`${card.card} ${styles.enrol}`} role="group" aria-labelledby="enrol-heading">
      <h2 id="enrol-heading" className={card.heading}>
        Protect your account
      </h2>
      {added?.recoveryCodes ? (
        <RecoveryCodes codes={added.recoveryCodes} onKept={refresh} />
      ) : (
        <>
          <p className={card.note}>
            The console holds members’ names, addresses and political views. Each sign-in asks for your password and a
            second factor: add one now.
          </p>
          <AddFactor endpoints={staffLinks} onAdded={setAdded} />
        </>
      )}
    </div>
  );
}
