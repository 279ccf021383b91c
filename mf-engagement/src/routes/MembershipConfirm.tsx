import { PageFrame, PageHero } from '@party/shared-ui';
import { ConfirmMembershipForm } from '../features/member-area/ConfirmMembershipForm';
import styles from '../features/member-area/Members.module.css';

const meta = {
  title: 'Confirm your membership',
  description: 'Confirm your email address to complete your membership.',
  noindex: true,
};

export default function MembershipConfirmPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Membership"
        heading="One last step."
        lead="Confirm your membership with the password you chose, and you are in."
      />
      <div className={styles.wrap}>
        <ConfirmMembershipForm />
      </div>
    </PageFrame>
  );
}
