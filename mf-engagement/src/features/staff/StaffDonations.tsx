import { useState } from 'react';
import {
  type DonationAttention,
  donationNetwork,
  explorerTxUrl,
  formatMoney,
  STAFF_LIST_LIMIT,
  type StaffDonationRow,
  staffLinks,
} from '@party/shared-contracts';
import { DataDownload } from './DataDownload';
import { ResolveDonation } from './ResolveDonation';
import { day } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';

const attentionWords: Record<DonationAttention, string> = {
  undeclared: 'Undeclared: declare it, or return it',
  'no-declaration': 'No declaration for its value',
  'over-cap': 'Over the donor’s cap: return the excess',
  closed: 'Received after the rules stopped accepting crypto: return it',
  disputed: 'The RPC endpoints disagree about it: not confirmed',
  dropped: 'Left the chain: nothing was given',
};

const money = (row: StaffDonationRow, value: string | null) =>
  value === null ? '—' : formatMoney(value, row.currency);

function Transaction({ row }: { row: StaffDonationRow }) {
  const short = `${row.txHash.slice(0, 10)}…`;
  const explorer = explorerTxUrl(row.chainId, row.txHash);
  return explorer ? (
    <a href={explorer} target="_blank" rel="noopener noreferrer">
      {short}
      <span className="visually-hidden"> (transaction {row.txHash}, opens in a new tab)</span>
    </a>
  ) : (
    <span title={row.txHash}>{short}</span>
  );
}

/** A deadline as the treasurer reads it: by when, or since when it is overdue. */
function Deadline({ day: due }: { day: string }) {
  const overdue = due < new Date().toISOString().slice(0, 10);
  return overdue ? <strong className={styles.overdue}>overdue since {due}</strong> : <>by {due}</>;
}

/** The treasurer's view: every donation and transfer, its declaration and value, what needs doing and by when (soonest first). */
export function StaffDonations() {
  const [onlyAttention, setOnlyAttention] = useState(false);
  const { state, reload } = useStaffData<StaffDonationRow[]>(staffLinks.donationsEndpoint);
  return (
    <>
      <div className={styles.filters}>
        <label className={styles.toggle}>
          <input type="checkbox" checked={onlyAttention} onChange={(event) => setOnlyAttention(event.target.checked)} />
          Only those that need action
        </label>
        <DataDownload href={`${staffLinks.donationsEndpoint}.csv`}>Download the regulator’s CSV</DataDownload>
      </div>
      <p className={styles.note}>
        Each donation you see or download is recorded in the access log: its declaration is personal data.
      </p>
      <StaffLoaded state={state}>
        {(rows) => (
          <>
            <StaffTable
              caption="Donations"
              rows={onlyAttention ? rows.filter((row) => row.attention.length > 0) : rows}
              rowKey={(row) => row.id}
              empty={onlyAttention ? 'Nothing needs action.' : 'No donation yet.'}
              cutNote={`Only the newest ${STAFF_LIST_LIMIT} donations are shown; the CSV download holds every one.`}
              columns={[
                { label: 'Reported', cell: (row) => day(row.reportedAt) },
                {
                  label: 'Donor',
                  cell: (row) =>
                    row.donor
                      ? `${row.donor.fullName ?? ''}${row.donor.email ? ` (${row.donor.email})` : ''}`
                      : 'Undeclared',
                },
                { label: 'Network', cell: (row) => donationNetwork(row.chainId)?.name ?? row.chainId },
                { label: 'ETH', cell: (row) => row.amountEth },
                {
                  label: 'Value',
                  cell: (row) =>
                    row.priceStale ? `${money(row, row.value)} (from a stale price: check it)` : money(row, row.value),
                },
                { label: 'Period total', cell: (row) => money(row, row.periodTotal) },
                {
                  label: 'Status',
                  cell: (row) => (row.resolution ? `${row.status}, ${row.resolution.kind}` : row.status),
                },
                {
                  label: 'Needs action',
                  cell: (row) =>
                    row.attention.length > 0
                      ? row.attention.map((reason) => attentionWords[reason]).join('; ')
                      : 'None',
                },
                { label: 'Deadline', cell: (row) => (row.deadline ? <Deadline day={row.deadline} /> : '—') },
                { label: 'Transaction', cell: (row) => <Transaction row={row} /> },
              ]}
            />
            {rows.some((row) => row.attention.length > 0) && (
              <div className={styles.actions}>
                <h3>To resolve</h3>
                {rows
                  .filter((row) => row.attention.length > 0)
                  .map((row) => (
                    <details key={row.id} className={styles.action}>
                      <summary>
                        Donation no. {row.id}: {row.amountEth} ETH from {row.sender.slice(0, 10)}…,{' '}
                        {row.attention.map((reason) => attentionWords[reason]).join('; ')}
                        {row.deadline && (
                          <>
                            , <Deadline day={row.deadline} />
                          </>
                        )}
                      </summary>
                      <ResolveDonation row={row} onResolved={reload} />
                    </details>
                  ))}
              </div>
            )}
          </>
        )}
      </StaffLoaded>
    </>
  );
}
