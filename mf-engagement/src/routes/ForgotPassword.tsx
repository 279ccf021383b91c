import { PageFrame, PageHero } from '@party/shared-ui';
import { ForgotPasswordForm } from '../features/member-area/ForgotPasswordForm';
import styles from '../features/member-area/Members.module.css';

const meta = {
  title: 'Reset your password',
  description: 'Forgotten the password of your membership? We will email you a link to choose a new one.',
  noindex: true,
};

export default function ForgotPasswordPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Members"
        heading="Forgotten your password?"
        lead="It happens. We will email you a link to choose a new one."
      />
      <div className={styles.wrap}>
        <ForgotPasswordForm />
      </div>
    </PageFrame>
  );
}
