import { staffLinks, type StaffSessionRow } from '@party/shared-contracts';
import { raiseToast, failureDescription } from '@party/shared-ui';
import { when } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';
import * as signInSettingsApi from './api/sign-in-settings';

/** Where one is signed in: each open session, and signing out of another or of all the others (with a fresh factor). */
export function StaffOpenSessions({ fresh }: { fresh: boolean }) {
  const { state, reload } = useStaffData<StaffSessionRow[]>(staffLinks.sessionsEndpoint);
  async function end(which: string, done: string) {
    try {
      await signInSettingsApi.endSessions(which);
      raiseToast({ title: 'Signed out', description: done });
      reload();
    } catch (error) {
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'That did not work just now. Please try again.'),
        variant: 'destructive',
      });
    }
  }
  return (
    <StaffLoaded state={state}>
      {(rows) => (
        <>
          <StaffTable
            caption="Where you are signed in"
            rows={rows}
            rowKey={(row) => row.id}
            empty="Nowhere else."
            columns={[
              { label: 'Signed in', cell: (row) => when(row.signedInAt) },
              { label: 'Last active', cell: (row) => (row.current ? 'Now, here' : when(row.lastSeenAt)) },
              {
                label: 'Sign out',
                cell: (row) =>
                  row.current ? (
                    'This browser'
                  ) : (
                    <button
                      type="button"
                      className="button button-outline"
                      disabled={!fresh}
                      onClick={() => void end(row.id, 'That session has ended.')}
                    >
                      Sign out<span className="visually-hidden"> of the session signed in {when(row.signedInAt)}</span>
                    </button>
                  ),
              },
            ]}
          />
          {rows.length > 1 && (
            <button
              type="button"
              className={`button button-outline ${styles.everywhere}`}
              disabled={!fresh}
              onClick={() => void end('others', 'Every other session has ended.')}
            >
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </StaffLoaded>
  );
}
