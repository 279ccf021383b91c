import { Link } from 'react-router';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
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
      <PageHero
        eyebrow="Donations"
        heading="Our public ledger."
        lead="Every crypto donation we accept is checked on the blockchain before we count it, and valued when it arrives. Here is what we have received."
      />
      <Section id="ledger" heading="What we have received">
        {load.state === 'loading' && <p role="status">Loading the ledger…</p>}
        {load.state === 'failed' && (
          <p role="alert">The ledger cannot be read just now. Please try again in a few minutes.</p>
        )}
        {load.state === 'loaded' && <LedgerTables ledger={load.value} />}
        <p>
          <Link to="/donate">Make a donation</Link>
        </p>
      </Section>
    </PageFrame>
  );
}
