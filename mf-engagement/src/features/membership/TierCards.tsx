import { membershipTiers, type MembershipTierId } from '@party/shared-contracts';
import { inPageClick } from '@party/shared-ui';
import styles from './Join.module.css';

interface TierCardsProps {
  selected: string;
  onChoose: (tier: MembershipTierId) => void;
}

/** The three ways to join; choosing one sets the tier in the registration form. */
export function TierCards({ selected, onChoose }: TierCardsProps) {
  return (
    <ul className={styles.tiers}>
      {membershipTiers.map((tier) => (
        <li
          key={tier.id}
          className={`${styles.tier} ${tier.popular ? styles.popular : ''}`}
          data-selected={selected === tier.id}
        >
          {tier.popular && <p className={styles.badge}>Popular</p>}
          <h3 className={styles.tierTitle}>{tier.title}</h3>
          <p className={styles.price}>
            {tier.priceText === 'Free' ? (
              'Free'
            ) : (
              <>
                ${tier.monthlyFeeUsd}
                <span className={styles.period}>/month</span>
              </>
            )}
          </p>
          <p className={styles.tierDescription}>{tier.description}</p>
          <ul className={styles.features}>
            {tier.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {/* A link, so that it works before the page's code has run: the page comes back with the tier chosen. */}
          <a
            href={`?tier=${tier.id}#registration`}
            className={`button ${tier.popular ? 'button-primary' : 'button-outline'}`}
            onClick={inPageClick(() => onChoose(tier.id))}
          >
            {tier.buttonText}
          </a>
        </li>
      ))}
    </ul>
  );
}
