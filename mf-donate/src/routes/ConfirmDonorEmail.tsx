import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { ConfirmDonorEmail } from '../features/donor-email/ConfirmDonorEmail';

const meta = {
  title: 'Confirm your email address',
  description: 'Confirm that the email address you gave with your donation is yours.',
  noindex: true,
};

export default function ConfirmDonorEmailPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Donations"
        heading="Is this address yours?"
        lead="The law limits what one person may give in a year. Confirming your address lets us count your gifts together, whichever wallet they come from."
      />
      <Section id="confirm" heading="Confirm your email address">
        <ConfirmDonorEmail />
      </Section>
    </PageFrame>
  );
}
