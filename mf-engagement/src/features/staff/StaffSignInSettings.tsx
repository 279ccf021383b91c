import { useState } from 'react';
import { STAFF_REAUTH_SECONDS, staffLinks, type SecondFactorRow } from '@party/shared-contracts';
import { raiseToast, failureDescription } from '@party/shared-ui';
import { ChangePasswordForm, AddFactor, RecoveryCodes, SecondFactorForm } from '../sign-in-security';
import { when } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffOpenSessions } from './StaffOpenSessions';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import { factorAge, useConsoleSession } from './useStaffSession';
import styles from './Staff.module.css';
import * as signInSettingsApi from './api/sign-in-settings';

const kindWords: Record<SecondFactorRow['kind'], string> = { passkey: 'Passkey', totp: 'Authenticator app' };

/** "Your sign-in": one’s password, second factors, recovery codes and open sessions; the last three changed only just after giving a factor. */
export function StaffSignInSettings() {
  const { session, update, refresh } = useConsoleSession();
  const { state, reload } = useStaffData<SecondFactorRow[]>(staffLinks.factorsEndpoint);
  const [codes, setCodes] = useState<string[] | null>(null);
  const fresh = factorAge(session) < STAFF_REAUTH_SECONDS.factors - 10;
  const failed = (error: unknown) =>
    raiseToast({
      title: 'Error',
      description: failureDescription(error, 'That did not work just now. Please try again.'),
      variant: 'destructive',
    });

  const changed = (title: string, description: string) => {
    raiseToast({ title, description });
    reload();
    refresh();
  };
  async function remove(factor: SecondFactorRow) {
    try {
      await signInSettingsApi.removeFactor(factor.id);
      changed('Removed', `“${factor.label}” no longer signs you in.`);
    } catch (error) {
      failed(error);
    }
  }
  async function newCodes() {
    try {
      setCodes((await signInSettingsApi.newRecoveryCodes()).recoveryCodes);
      refresh();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <>
      <h3 className={styles.subheading}>Your password</h3>
      <ChangePasswordForm endpoint={staffLinks.passwordChangeEndpoint} className={styles.invite} />
      <h3 className={styles.subheading}>Your second factors</h3>
      <p className={styles.note}>
        Each sign-in asks for your password and one of these. Add a second, so that losing a device does not lock you
        out.
      </p>
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption="Your second factors"
            rows={rows}
            rowKey={(row) => row.id}
            empty="No second factor yet."
            columns={[
              { label: 'Name', cell: (row) => row.label },
              { label: 'Kind', cell: (row) => kindWords[row.kind] },
              { label: 'Added', cell: (row) => when(row.createdAt) },
              { label: 'Last used', cell: (row) => (row.lastUsedAt ? when(row.lastUsedAt) : 'Not yet') },
              {
                label: 'Remove',
                cell: (row) => (
                  <button
                    type="button"
                    className="button button-outline"
                    disabled={!fresh || rows.length < 2}
                    onClick={() => void remove(row)}
                  >
                    Remove<span className="visually-hidden"> {row.label}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </StaffLoaded>
      <p>
        {session.factors.recoveryCodes} of your recovery codes {session.factors.recoveryCodes === 1 ? 'is' : 'are'}{' '}
        unused.
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} onKept={() => setCodes(null)} />
      ) : !fresh ? (
        <div className={styles.reauth} role="group" aria-label="Confirm it is you">
          <SecondFactorForm
            endpoints={staffLinks}
            passkey={session.factors.passkey}
            purpose="To add or remove a factor, make new recovery codes or sign out elsewhere, confirm it is you first: these stay open for five minutes."
            onGiven={update}
          />
        </div>
      ) : (
        <>
          <button type="button" className="button button-outline" onClick={() => void newCodes()}>
            Make new recovery codes
          </button>
          <h3 className={styles.subheading}>Add a second factor</h3>
          <AddFactor endpoints={staffLinks} onAdded={() => changed('Added', 'It signs you in from now on.')} />
        </>
      )}
      <h3 className={styles.subheading}>Where you are signed in</h3>
      <StaffOpenSessions fresh={fresh} />
    </>
  );
}
