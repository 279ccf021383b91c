import { newsletterLinks } from '@party/shared-contracts';
import { PageFrame, PageHero } from '@party/shared-ui';
import { EmailLinkAction } from '../features/newsletter/EmailLinkAction';

const meta = {
  title: 'Unsubscribe from the newsletter',
  description: 'Stop receiving our newsletter and have your email address deleted.',
  noindex: true,
};

export default function NewsletterUnsubscribePage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Newsletter"
        heading="Sorry to see you go."
        lead="You will stop receiving our newsletter, and we will delete your email address from our list. No account or password needed."
      />
      <EmailLinkAction
        pageForm="newsletterUnsubscription"
        endpoint={newsletterLinks.unsubscribeEndpoint}
        heading="Unsubscribe from the newsletter"
        action="Unsubscribe"
        pendingAction="Unsubscribing..."
        done={{
          heading: "You're unsubscribed",
          text: 'We have deleted your address from our newsletter list. You can subscribe again at any time.',
        }}
        fallbackFailure="We could not unsubscribe you just now. Please try again in a few minutes."
      />
    </PageFrame>
  );
}
