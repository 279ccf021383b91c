import { socialCards } from '@party/shared-contracts';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { JoinMembership } from '../features/membership/JoinMembership';
import { Testimonials } from '../features/membership/Testimonials';

const meta = {
  title: 'Join the Party',
  description:
    'Become a supporter for free, or a member or advocate who votes on our policies and candidates. Cancel at any time.',
  image: socialCards.join,
};

export default function JoinPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Membership"
        heading="Join the movement."
        lead="Supporters join free. Members and advocates fund the research, vote on our policies and choose our candidates."
      />
      <JoinMembership />
      <Section id="members" heading="Why members joined" tone="alt">
        <Testimonials />
      </Section>
    </PageFrame>
  );
}
