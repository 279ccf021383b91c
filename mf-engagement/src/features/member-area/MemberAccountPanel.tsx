import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { findMembershipTier, memberLinks, membershipTiers, type MemberAccount } from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  pageFormAttributes,
  PageFormField,
  raiseToast,
  CheckboxField,
  RadioGroup,
  SubmitButton,
} from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import { MemberEvents } from './MemberEvents';
import { MemberSignInSecurity } from './MemberSignInSecurity';
import { useMemberAccount } from './useMemberAccount';
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const tierOptions = membershipTiers.map((tier) => ({ value: tier.id, label: `${tier.title} · ${tier.priceText}` }));

/** The member area: the membership, its tier, cancelling, the member's data and their account. */
export function MemberAccountPanel() {
  const navigate = useNavigate();
  const { state, change } = useMemberAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [tier, setTier] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [understood, setUnderstood] = useState(false);
  // The confirmation takes the focus once it can be pressed: asked while another change is still
  // being saved, its button is disabled at first, and a disabled button cannot hold the focus.
  const confirmCancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmingCancel && pending === null) confirmCancelRef.current?.focus();
  }, [confirmingCancel, pending]);

  if (state.kind === 'loading')
    return (
      <>
        <p className={`${styles.loading} ${styles.pending}`} role="status">
          Loading your membership…
        </p>
        <noscript>
          <p className={styles.loading}>
            <a href={memberLinks.signInPage}>Sign in</a> to see your membership.
          </p>
        </noscript>
      </>
    );
  if (state.kind === 'failed') return <FormProblem message={state.message} />;
  const { account } = state;
  const chosenTier = tier ?? account.membershipTier;
  const current = findMembershipTier(account.membershipTier);

  async function run(action: string, work: () => Promise<void>, done: { title: string; description: string }) {
    setProblem(null);
    setPending(action);
    try {
      await work();
      raiseToast(done);
    } catch (error) {
      setProblem(failureDescription(error, 'That did not work just now. Please try again in a few minutes.'));
    } finally {
      setPending(null);
    }
  }

  const saveTier = () =>
    run(
      'tier',
      () => change(() => memberAreaApi.changeTier(chosenTier)),
      account.status === 'cancelled'
        ? { title: 'Welcome back', description: 'Your membership is active again.' }
        : { title: 'Tier changed', description: 'Your new tier applies from today.' },
    );
  const cancel = () =>
    run(
      'cancel',
      async () => {
        await change(memberAreaApi.cancelMembership);
        setConfirmingCancel(false);
      },
      { title: 'Membership cancelled', description: 'You can rejoin at any time from this page.' },
    );
  const signOut = () =>
    run(
      'sign-out',
      async () => {
        await memberAreaApi.signOut();
        void navigate('/');
      },
      { title: 'Signed out', description: 'See you soon.' },
    );
  const erase = () =>
    run(
      'delete',
      async () => {
        await memberAreaApi.deleteAccount();
        void navigate('/');
      },
      { title: 'Account deleted', description: 'We have deleted your account and the data held with it.' },
    );

  return (
    <div className={styles.account}>
      <FormProblem message={problem} />
      <section className={`${card.card} ${styles.card}`} aria-labelledby="membership-heading">
        <div className={styles.cardTop}>
          <h2 id="membership-heading" className={card.heading}>
            Your membership
          </h2>
          {/* A form, so that signing out works before the page's code runs, and without it. */}
          <form
            method="post"
            {...pageFormAttributes('memberSignOut')}
            onSubmit={(event) => {
              event.preventDefault();
              void signOut();
            }}
          >
            <PageFormField form="memberSignOut" />
            <button type="submit" className={`button button-outline ${styles.action}`} disabled={pending !== null}>
              {pending === 'sign-out' ? 'Signing out...' : 'Sign out'}
            </button>
          </form>
        </div>
        <MembershipSummary
          account={account}
          tierTitle={current ? `${current.title} · ${current.priceText}` : account.membershipTier}
        />
      </section>

      <section className={`${card.card} ${styles.card}`} aria-labelledby="tier-heading">
        <h2 id="tier-heading" className={card.heading}>
          {account.status === 'cancelled' ? 'Rejoin' : 'Change your tier'}
        </h2>
        <RadioGroup
          label="Membership tier"
          name="membershipTier"
          options={tierOptions}
          value={chosenTier}
          onChange={setTier}
        />
        <SubmitButton
          pending={pending === 'tier'}
          label={account.status === 'cancelled' ? 'Rejoin' : 'Save tier'}
          pendingLabel="Saving..."
          disabled={pending !== null || (account.status === 'active' && chosenTier === account.membershipTier)}
          onClick={() => void saveTier()}
        />
      </section>

      <MemberEvents />
      <MemberSignInSecurity />

      <section className={`${card.card} ${styles.card}`} aria-labelledby="data-heading">
        <h2 id="data-heading" className={card.heading}>
          Your data
        </h2>
        <p className={styles.aside}>
          One file (JSON) with everything we hold about you: your membership, what you agreed to and when, your
          messages, your sign-ups and the emails we sent you.
        </p>
        <a href={memberLinks.exportEndpoint} download className={`button button-outline ${styles.action}`}>
          Download my data
        </a>
      </section>

      {account.status === 'active' && (
        <section className={`${card.card} ${styles.card}`} aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className={card.heading}>
            Cancel your membership
          </h2>
          <p className={styles.aside}>
            You stop being a member at once and no further fee is due. We keep your record for one year, so that you can
            rejoin as you were by choosing a tier, then delete it; or delete your account below now.
          </p>
          {confirmingCancel ? (
            <div className={styles.actions} role="group" aria-label="Confirm cancelling">
              <button
                ref={confirmCancelRef}
                type="button"
                className={`button button-danger ${styles.action}`}
                onClick={() => void cancel()}
                disabled={pending !== null}
              >
                {pending === 'cancel' ? 'Cancelling...' : 'Yes, cancel my membership'}
              </button>
              <button
                type="button"
                className={`button button-outline ${styles.action}`}
                onClick={() => setConfirmingCancel(false)}
              >
                Keep my membership
              </button>
            </div>
          ) : (
            <button
              type="button"
              className={`button button-outline ${styles.action}`}
              onClick={() => setConfirmingCancel(true)}
            >
              Cancel membership
            </button>
          )}
        </section>
      )}

      <section className={`${card.card} ${styles.card}`} aria-labelledby="delete-heading">
        <h2 id="delete-heading" className={card.heading}>
          Delete your account
        </h2>
        <p className={styles.aside}>
          We delete, at once and for good: your membership record and password, your consent records, your newsletter
          subscription, the messages and volunteer sign-ups you sent from this address, and your address and messages in
          our email records. We keep nothing else: the law requires no record of a membership without donations, and
          donations in ETH are public on the blockchain, where neither we nor you can delete them.
        </p>
        <CheckboxField
          label="I understand that this cannot be undone."
          name="understood"
          checked={understood}
          onChange={setUnderstood}
        />
        <button
          type="button"
          className={`button button-danger ${styles.action}`}
          onClick={() => void erase()}
          disabled={!understood || pending !== null}
        >
          {pending === 'delete' ? 'Deleting...' : 'Delete my account'}
        </button>
      </section>
    </div>
  );
}

function MembershipSummary({ account, tierTitle }: { account: MemberAccount; tierTitle: string }) {
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Tier</dt>
        <dd>{tierTitle}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          {account.status === 'active'
            ? `Active since ${dateOf(account.memberSince)}`
            : `Cancelled on ${dateOf(account.cancelledAt ?? account.memberSince)}`}
        </dd>
      </div>
      <div>
        <dt>Name</dt>
        <dd>
          {account.firstName} {account.lastName}
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{account.email}</dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          {account.address}, {account.city}, {account.region} {account.postalCode}
        </dd>
      </div>
    </dl>
  );
}
