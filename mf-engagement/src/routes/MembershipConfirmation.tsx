import { PARTY_NAME } from '@party/shared-contracts';
import { PageFrame, PageHero } from '@party/shared-ui';
import { MembershipNextSteps } from '../features/membership/MembershipNextSteps';

const meta = {
  title: 'Welcome to the Party',
  description: `Your registration with ${PARTY_NAME} has been received: here is what happens next.`,
  // Shown after a registration, never linked: search engines have nothing to find here.
  noindex: true,
};

export default function MembershipConfirmationPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Membership"
        heading="Welcome aboard."
        lead="Your membership has been successfully processed. Thank you for joining."
      />
      <MembershipNextSteps />
    </PageFrame>
  );
}
