import { useId } from 'react';
import { staffLinks, staffRoles, type StaffAccountRow, type StaffRole } from '@party/shared-contracts';
import { raiseToast, failureDescription, SelectField, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import { day } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import { useConsoleSession } from './useStaffSession';
import styles from './Staff.module.css';
import * as accountsApi from './api/accounts';
import type { StaffAccountChange } from './api/accounts';

const roleWords: Record<StaffRole, string> = {
  administrator: 'Administrator',
  membership: 'Membership',
  communications: 'Communications',
  treasurer: 'Treasurer',
};
const statusWords: Record<StaffAccountRow['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.staffInvite),
    initialValues: { name: '', email: '', role: '' },
    send: accountsApi.invite,
    onSuccess: (invitee) => {
      raiseToast({
        title: 'Invitation sent',
        description: `${invitee.email} can set a password from the link we emailed, for three days.`,
      });
      onInvited();
    },
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'We could not send the invitation just now. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <form {...form.formProps} className={styles.invite} aria-labelledby="invite-heading">
      <h3 id="invite-heading">Invite someone</h3>
      <TextField label="Full name" autoComplete="off" {...form.text('name')} />
      <TextField label="Email address" type="email" autoComplete="off" {...form.text('email')} />
      <SelectField label="Role" placeholder="Choose a role" {...form.text('role')}>
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {roleWords[role]}
          </option>
        ))}
      </SelectField>
      <SubmitButton pending={form.pending} label="Send invitation" pendingLabel="Sending..." />
    </form>
  );
}

function RoleSelect({ account, onChange }: { account: StaffAccountRow; onChange: (role: StaffRole) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Role of {account.name}
      </label>
      <select
        id={id}
        className={styles.roleSelect}
        value={account.role}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {roleWords[role]}
          </option>
        ))}
      </select>
    </>
  );
}

/** Administrators' "Staff accounts": invite, change a role, send a new password link, unlock a second factor, disable. Each is in the access log. */
export function StaffAccounts() {
  const { session } = useConsoleSession();
  const { state, reload } = useStaffData<StaffAccountRow[]>(staffLinks.accountsEndpoint);

  async function change(account: StaffAccountRow, path: StaffAccountChange, done: string, body?: object) {
    try {
      await accountsApi.changeAccount(account.id, path, body);
      raiseToast({ title: 'Done', description: done });
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
    <>
      <InviteForm onInvited={reload} />
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption="Staff accounts"
            rows={rows}
            rowKey={(row) => row.id}
            empty="No staff accounts."
            columns={[
              { label: 'Name', cell: (row) => row.name },
              { label: 'Email', cell: (row) => row.email },
              {
                label: 'Role',
                cell: (row) =>
                  row.email === session.staff.email ? (
                    roleWords[row.role]
                  ) : (
                    <RoleSelect
                      account={row}
                      onChange={(role) =>
                        void change(row, 'role', `${row.name} is now ${roleWords[role].toLowerCase()}.`, { role })
                      }
                    />
                  ),
              },
              {
                label: 'Answers data requests',
                cell: (row) =>
                  row.role === 'administrator' ? (
                    'Yes, as an administrator'
                  ) : (
                    <label className={styles.duty}>
                      <input
                        type="checkbox"
                        checked={row.duties.includes('privacy')}
                        onChange={(event) =>
                          void change(
                            row,
                            'duties',
                            event.target.checked
                              ? `${row.name} now answers data requests.`
                              : `${row.name} no longer answers data requests.`,
                            {
                              duties: event.target.checked ? ['privacy'] : [],
                            },
                          )
                        }
                      />
                      <span className="visually-hidden">{row.name} answers data requests</span>
                    </label>
                  ),
              },
              {
                label: 'Status',
                cell: (row) =>
                  `${statusWords[row.status]}${row.factorLocked ? ' (second factor locked)' : row.status === 'active' && row.factors === 0 ? ' (no second factor yet)' : ''}`,
              },
              { label: 'Since', cell: (row) => day(row.createdAt) },
              {
                label: 'Actions',
                cell: (row) =>
                  row.email === session.staff.email ? (
                    'You'
                  ) : (
                    <div className={styles.rowActions}>
                      {row.factorLocked && (
                        <button
                          type="button"
                          className="button button-outline"
                          onClick={() =>
                            void change(row, 'factor-unlock', `${row.name} can give a second factor again.`)
                          }
                        >
                          Unlock second factor<span className="visually-hidden"> of {row.name}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button-outline"
                        onClick={() =>
                          void change(row, 'password-link', `A link to set a new password was emailed to ${row.email}.`)
                        }
                      >
                        Send a password link<span className="visually-hidden"> to {row.name}</span>
                      </button>
                      {row.status === 'disabled' ? (
                        <button
                          type="button"
                          className="button button-outline"
                          onClick={() => void change(row, 'enable', `${row.name} can sign in again.`)}
                        >
                          Enable<span className="visually-hidden"> {row.name}</span>
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button-outline"
                          onClick={() =>
                            void change(row, 'disable', `${row.name} is signed out and can no longer sign in.`)
                          }
                        >
                          Disable<span className="visually-hidden"> {row.name}</span>
                        </button>
                      )}
                    </div>
                  ),
              },
            ]}
          />
        )}
      </StaffLoaded>
    </>
  );
}
