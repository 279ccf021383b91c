import { Link } from 'react-router';
import { donationLinks, socialCards, type DonationTerms } from '@party/shared-contracts';
import { FaqList, PageFrame, PageHero, Section } from '@party/shared-ui';
import { donationBenefits, donationFaq } from '../features/donation/donate-content';
import { DonationForm } from '../features/donation/DonationForm';
import { ThankYou } from '../features/donation/ThankYou';
import { useDonationStore } from '../features/donation/useDonationStore';
import styles from '../features/donation/Donate.module.css';
import { acceptedNetworks } from '../features/networks/accepted-networks';
import { SupportedNetworks } from '../features/networks/SupportedNetworks';
import { useDonationTerms } from '../features/networks/useDonationTerms';
import { useWalletSession } from '../features/wallet/useWalletStore';
import { WalletPanel } from '../features/wallet/WalletPanel';
import cards from '../ui/CardGrid.module.css';

const meta = {
  title: 'Donate',
  description:
    'Donate ETH from your browser wallet on Ethereum, Arbitrum or Polygon: public on the blockchain, verifiable by anyone, low in fees.',
  image: socialCards.donate,
};

function goToDonation() {
  const heading = document.getElementById('donate-heading');
  heading?.focus({ preventScroll: true });
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('donate')?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

/** Where the rules take no crypto donation, or the terms cannot be had: what to do instead. */
function NotAccepting({ terms, unavailable }: { terms: DonationTerms | null; unavailable: boolean }) {
  if (!terms && !unavailable) return <p role="status">Loading the donation terms…</p>;
  return (
    <div className={styles.closed}>
      <p className={styles.closedMessage}>
        {terms && !terms.accepting ? terms.message : 'Donations cannot be taken just now. Please try again later.'}
      </p>
      {terms && !terms.accepting && <p>{terms.otherWays}</p>}
      <OtherWaysToHelp />
    </div>
  );
}

function OtherWaysToHelp() {
  return (
    <p className={styles.closedLinks}>
      <Link to="/join" className="button button-primary">
        Become a Member
      </Link>
      <Link to="/volunteer" className="button button-outline">
        Volunteer
      </Link>
      <Link to="/contact" className="button button-outline">
        Contact us
      </Link>
    </p>
  );
}

export default function DonatePage() {
  useWalletSession();
  const succeeded = useDonationStore((state) => state.phase === 'succeeded');
  const { terms, unavailable } = useDonationTerms();
  const networks = acceptedNetworks(terms);

  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Donate crypto"
        heading="Fund the refoundation."
        lead="Donate ETH directly from your browser wallet: every gift is public on the blockchain, reaches us without a payment processor, and can be verified by anyone."
      >
        <a
          href="#donate"
          className="button button-accent"
          onClick={(event) => {
            event.preventDefault();
            goToDonation();
          }}
        >
          Donate Crypto
        </a>
        <Link to={donationLinks.ledgerPage} className="button button-on-dark">
          See our ledger
        </Link>
      </PageHero>

      <Section id="benefits" heading="Why give in crypto">
        <ul className={cards.grid}>
          {donationBenefits.map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="donate" heading="Make your donation" tone="alt" focusableHeading>
        <div className={styles.donateCard}>
          <noscript>
            <div className={styles.closed}>
              <p className={styles.closedMessage}>Giving needs a browser wallet and JavaScript.</p>
              <p>
                JavaScript is switched off in this browser, and a donation is sent from your wallet by this page&apos;s
                code. Switch it on to donate, or help another way:
              </p>
              <OtherWaysToHelp />
            </div>
          </noscript>
          {terms?.accepting ? (
            <>
              <WalletPanel />
              {succeeded ? <ThankYou /> : <DonationForm terms={terms} />}
            </>
          ) : (
            <NotAccepting terms={terms} unavailable={unavailable} />
          )}
        </div>
      </Section>

      {networks.length > 0 && (
        <Section id="networks" heading="Supported networks">
          <SupportedNetworks networks={networks} />
        </Section>
      )}

      <Section id="faq" heading="Questions about donating" tone="alt">
        <FaqList entries={donationFaq} />
      </Section>
    </PageFrame>
  );
}
