import { PageFrame, PageHero } from '@party/shared-ui';
import { MemberAccountPanel } from '../features/member-area/MemberAccountPanel';

const meta = {
  title: 'My membership',
  description: 'Your membership: your tier, your data, cancelling or deleting your account.',
  noindex: true,
};

export default function MemberAccountPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Members"
        heading="My membership"
        lead="Your tier, your data and your account, in your hands."
      />
      <MemberAccountPanel />
    </PageFrame>
  );
}
