import type { MembershipTierId } from '@party/shared-contracts';
import { Section } from '@party/shared-ui';
import { RegistrationForm } from './RegistrationForm';
import { TierCards } from './TierCards';
import { useMembershipRegistration } from './useMembershipRegistration';
import styles from './Join.module.css';

/** Tier cards and the registration form they fill in. */
export function JoinMembership() {
  const form = useMembershipRegistration();

  function choose(tier: MembershipTierId) {
    form.setValue('membershipTier', tier);
    const heading = document.getElementById('registration-heading');
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Keyboard and screen reader users continue at the form, as everyone else sees it.
    heading?.focus({ preventScroll: true });
    document.getElementById('registration')?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  }

  return (
    <>
      <Section id="tiers" heading="Choose how you want to take part">
        <TierCards selected={form.values.membershipTier} onChoose={choose} />
        <p className={styles.note}>
          Memberships can be cancelled at any time. Membership fees and donations to the party are not tax-deductible.
        </p>
      </Section>
      <div id="registration" className={styles.registration}>
        <RegistrationForm form={form} />
      </div>
    </>
  );
}
