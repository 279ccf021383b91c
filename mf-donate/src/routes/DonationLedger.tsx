import { Link } from 'react-router';
import { PageFrame } from '@party/shared-contracts/ui';
import { LedgerTables } from '../features/ledger/LedgerTables';
import { useDonationLedger } from '../features/ledger/useDonationLedger';

const meta = {
  title: 'Donation ledger',
  description:
    'Every crypto donation the party has received, verified on the blockchain: totals by month and network, and the donors the law requires us to name.',
};

export default function DonationLedgerPage() {
  const load = useDonationLedger();
  return (
    <PageFrame meta={meta}>
      <header className="page-hero">
        <div className="page-hero-inner">
          <p className="page-hero-eyebrow">Donations</p>
          <h1 className="page-hero-heading">Our public ledger.</h1>
          <p className="page-hero-lead">
            Every crypto donation we accept is checked on the blockchain before we count it, and valued when it arrives.
            Here is what we have received.
          </p>
        </div>
      </header>
      <section className="page-section" aria-labelledby="ledger-heading">
        <div className="page-section-inner">
          <h2 id="ledger-heading" className="page-section-heading">
            What we have received
          </h2>
          {load.state === 'loading' && <p role="status">Loading the ledger…</p>}
          {load.state === 'failed' && (
            <p role="alert">The ledger cannot be read just now. Please try again in a few minutes.</p>
          )}
          {load.state === 'loaded' && <LedgerTables ledger={load.ledger} />}
          <p>
            <Link to="/donate">Make a donation</Link>
          </p>
        </div>
      </section>
    </PageFrame>
  );
}
