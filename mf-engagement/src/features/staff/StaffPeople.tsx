import { useState } from 'react';
import {
  STAFF_LIST_LIMIT,
  staffLinks,
  type StaffMemberRow,
  type StaffSubscriberRow,
  type StaffVolunteerRow,
  type StaffAccessLogRow,
  type StaffAccessAction,
} from '@party/shared-contracts';
import { StaffSearch } from './StaffSearch';
import { StaffTable } from './StaffTable';
import { day, when } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';

const actionWords: Record<StaffAccessAction, string> = {
  viewed: 'Viewed',
  exported: 'Downloaded',
  'signed-in': 'Signed in',
  'factor-refused': 'Second factor refused',
  'factor-added': 'Added a second factor',
  'factor-removed': 'Removed a second factor',
  'factor-locked': 'Second factor locked after 100 wrong in a row',
  'factor-unlocked': 'Unlocked a second factor',
  'recovery-code-used': 'Signed in with a recovery code',
  'recovery-codes-made': 'Made recovery codes',
  invited: 'Invited',
  'password-set': 'Set a password',
  'role-changed': 'Changed a role',
  'duties-changed': 'Changed a duty',
  disabled: 'Disabled an account',
  enabled: 'Enabled an account',
  'looked-up': 'Looked up a person’s data',
  copied: 'Downloaded a person’s data',
  erased: 'Erased a person’s data',
};

const withQuery = (url: string, q: string) => (q ? `${url}?q=${encodeURIComponent(q)}` : url);

export function StaffMembers() {
  const [q, setQ] = useState('');
  const { state } = useStaffData<StaffMemberRow[]>(withQuery(staffLinks.membersEndpoint, q));
  return (
    <>
      <StaffSearch
        label="Search members by name, email or city"
        csvUrl={(applied) => withQuery(`${staffLinks.membersEndpoint}.csv`, applied)}
        onSearch={setQ}
      />
      <p className={styles.note}>
        Each member you see or download is recorded in the access log, as the privacy policy promises.
      </p>
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption="Members"
            rows={rows}
            rowKey={(row) => row.id}
            empty="No member matches."
            cutNote={`Only the first ${STAFF_LIST_LIMIT} members by name are shown: search to narrow the list; the CSV download holds every match.`}
            columns={[
              { label: 'Name', cell: (row) => `${row.firstName} ${row.lastName}` },
              { label: 'Email', cell: (row) => row.email },
              { label: 'Place', cell: (row) => `${row.city}, ${row.region}` },
              { label: 'Tier', cell: (row) => row.membershipTier },
              { label: 'Status', cell: (row) => row.status },
              { label: 'Member since', cell: (row) => day(row.memberSince) },
            ]}
          />
        )}
      </StaffLoaded>
    </>
  );
}

export function StaffSubscribers() {
  const [q, setQ] = useState('');
  const { state } = useStaffData<StaffSubscriberRow[]>(withQuery(staffLinks.subscribersEndpoint, q));
  return (
    <>
      <StaffSearch
        label="Search subscribers by email"
        csvUrl={(applied) => withQuery(`${staffLinks.subscribersEndpoint}.csv`, applied)}
        onSearch={setQ}
      />
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption="Newsletter subscribers"
            rows={rows}
            rowKey={(row) => row.email}
            empty="No confirmed subscriber matches."
            cutNote={`Only the first ${STAFF_LIST_LIMIT} subscribers by address are shown: search to narrow the list; the CSV download holds every match.`}
            columns={[
              { label: 'Email', cell: (row) => row.email },
              { label: 'Subscribed since', cell: (row) => day(row.since) },
            ]}
          />
        )}
      </StaffLoaded>
    </>
  );
}

export function StaffVolunteers() {
  const { state } = useStaffData<StaffVolunteerRow[]>(staffLinks.volunteersEndpoint);
  return (
    <StaffLoaded state={state}>
      {(rows) => (
        <StaffTable
          caption="Volunteer sign-ups"
          rows={rows}
          rowKey={(row) => `${row.email}-${row.signedUpAt}`}
          empty="No volunteer sign-ups yet."
          cutNote={`Only the newest ${STAFF_LIST_LIMIT} sign-ups are shown.`}
          columns={[
            { label: 'Name', cell: (row) => row.name },
            { label: 'Email', cell: (row) => row.email },
            { label: 'Would like to help with', cell: (row) => row.interests.join(', ') },
            { label: 'Available', cell: (row) => row.availability },
            { label: 'Signed up', cell: (row) => day(row.signedUpAt) },
          ]}
        />
      )}
    </StaffLoaded>
  );
}

export function StaffAccessLog() {
  const { state } = useStaffData<StaffAccessLogRow[]>(staffLinks.accessLogEndpoint);
  return (
    <StaffLoaded state={state}>
      {(rows) => (
        <StaffTable
          caption="Access to member, donation and door-list records, sign-ins and account changes"
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nobody has signed in or looked at a record yet."
          cutNote={`Only the latest ${STAFF_LIST_LIMIT} entries are shown.`}
          columns={[
            { label: 'When', cell: (row) => when(row.at) },
            { label: 'Staff', cell: (row) => row.staffEmail },
            { label: 'Did', cell: (row) => actionWords[row.action] },
            {
              label: 'What',
              cell: (row) =>
                row.memberId
                  ? `Member no. ${row.memberId}`
                  : row.donationId
                    ? `Donation no. ${row.donationId}`
                    : row.registrationId
                      ? `Place no. ${row.registrationId} at ${row.detail}`
                      : (row.detail ?? ''),
            },
          ]}
        />
      )}
    </StaffLoaded>
  );
}
