import { donationNetwork, explorerTxUrl, formatMoney, type PublicDonationLedger } from '@party/shared-contracts';
import styles from './Ledger.module.css';

const networkName = (chainId: number) => donationNetwork(chainId)?.name ?? `Chain ${chainId}`;
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** Totals by month and network, the number of donors, and the donations the law makes public. */
export function LedgerTables({ ledger }: { ledger: PublicDonationLedger }) {
  const money = (value: string | number) => formatMoney(value, ledger.currency);
  const totalValue = ledger.months.reduce((sum, month) => sum + Number(month.value), 0);
  const donations = ledger.months.reduce((sum, month) => sum + month.donations, 0);

  return (
    <>
      <dl className={styles.summary}>
        <div>
          <dt>Donations</dt>
          <dd>{donations}</dd>
        </div>
        <div>
          <dt>Donors</dt>
          <dd>{ledger.donors}</dd>
        </div>
        <div>
          <dt>Value when received</dt>
          <dd>{money(totalValue)}</dd>
        </div>
      </dl>

      <h3 className={styles.heading}>By month and network</h3>
      {ledger.months.length === 0 ? (
        <p>No confirmed donation yet.</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label="Table: donations by month and network">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Network</th>
                <th scope="col">Donations</th>
                <th scope="col">ETH</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {ledger.months.map((month) => (
                <tr key={`${month.month}-${month.chainId}`}>
                  <th scope="row">{monthName(month.month)}</th>
                  <td>{networkName(month.chainId)}</td>
                  <td>{month.donations}</td>
                  <td>{month.amountEth}</td>
                  <td>{money(month.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className={styles.heading}>
        Donations over {formatMoney(ledger.disclosureThreshold, ledger.currency, { whole: true })}
      </h3>
      <p className={styles.note}>
        The law requires us to publish the name of everyone who gives more than this. We publish nothing else about
        anyone.
      </p>
      {ledger.disclosed.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <div
          className={styles.scroll}
          tabIndex={0}
          role="region"
          aria-label="Table: donors the law requires us to name"
        >
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Donor</th>
                <th scope="col">Network</th>
                <th scope="col">ETH</th>
                <th scope="col">Value</th>
                <th scope="col">Transaction</th>
              </tr>
            </thead>
            <tbody>
              {ledger.disclosed.map((donation) => {
                const explorer = explorerTxUrl(donation.chainId, donation.txHash);
                return (
                  <tr key={donation.txHash}>
                    <td>{day(donation.receivedAt)}</td>
                    <th scope="row">{donation.name}</th>
                    <td>{networkName(donation.chainId)}</td>
                    <td>{donation.amountEth}</td>
                    <td>{money(donation.value)}</td>
                    <td>
                      {explorer ? (
                        <a href={explorer} target="_blank" rel="noopener noreferrer">
                          <code>{shortHash(donation.txHash)}</code>
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <code title={donation.txHash}>{shortHash(donation.txHash)}</code>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
