import { newsletterLinks } from '@party/shared-contracts';
import { PageFrame, PageHero } from '@party/shared-ui';
import { EmailLinkAction } from '../features/newsletter/EmailLinkAction';

const meta = {
  title: 'Confirm your subscription',
  description: 'Confirm your email address to receive our newsletter.',
  noindex: true,
};

export default function NewsletterConfirmPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Newsletter"
        heading="One click, and you're in."
        lead="One email a month: new policy papers, the research behind them, and where to meet us. Confirm that this address is yours to start receiving it."
      />
      <EmailLinkAction
        pageForm="newsletterConfirmation"
        endpoint={newsletterLinks.confirmEndpoint}
        heading="Confirm your subscription"
        action="Confirm my subscription"
        pendingAction="Confirming..."
        done={{
          heading: "You're subscribed",
          text: 'Thank you for confirming. Every newsletter has a link at its foot to unsubscribe in one click.',
        }}
        fallbackFailure="We could not confirm your subscription just now. Please try again in a few minutes."
      />
    </PageFrame>
  );
}
