import { PageFrame, PageHero } from '@party/shared-ui';
import { YourPlace } from '../features/event-places/YourPlace';

const meta = {
  title: 'Your place',
  description: 'Your place at one of our events: see it, cancel it, or take a place offered from the waitlist.',
  noindex: true,
};

export default function YourPlacePage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Events"
        heading="Your place."
        lead="Can no longer come? Cancel your place here, and it goes to the next person on the waitlist."
      />
      <YourPlace />
    </PageFrame>
  );
}
