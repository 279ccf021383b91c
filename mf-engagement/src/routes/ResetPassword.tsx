import { PageFrame, PageHero } from '@party/shared-ui';
import { ResetPasswordForm } from '../features/member-area/ResetPasswordForm';
import styles from '../features/member-area/Members.module.css';

const meta = {
  title: 'Choose a new password',
  description: 'Choose a new password for your membership.',
  noindex: true,
};

export default function ResetPasswordPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Members"
        heading="A new password."
        lead="Choose a new password for your membership. Every other session will be signed out."
      />
      <div className={styles.wrap}>
        <ResetPasswordForm />
      </div>
    </PageFrame>
  );
}
