import { Link, useSearchParams } from 'react-router';
import { findMembershipTier } from '@party/shared-contracts';
import { nextStepsByTier } from './next-steps';
import styles from './Confirmation.module.css';

/** What happens next for the tier just chosen (`?tier=`); a supporter's steps when it is unknown. */
export function MembershipNextSteps() {
  const [searchParams] = useSearchParams();
  const tier = findMembershipTier(searchParams.get('tier'));
  const steps = nextStepsByTier[tier?.id ?? 'supporter'];

  return (
    <div className={styles.body}>
      <p className={styles.summary}>
        {tier ? (
          <>
            You joined as <strong>{tier.title}</strong> ({tier.priceText}). Here is what happens next.
          </>
        ) : (
          'Here is what happens next.'
        )}
      </p>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.title}>
            <h2 className={styles.stepTitle}>{step.title}</h2>
            <p>{step.detail}</p>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Link to="/events" className="button button-primary">
          Find an event near you
        </Link>
        <Link to="/volunteer" className="button button-outline">
          Volunteer your skills
        </Link>
        <Link to="/policy" className="button button-outline">
          Read the policy platform
        </Link>
      </div>
    </div>
  );
}
