import { PageFrame, PageHero } from '@party/shared-ui';
import { SignInForm } from '../features/member-area/SignInForm';
import styles from '../features/member-area/Members.module.css';

const meta = {
  title: 'Member sign-in',
  description: 'Sign in to see and manage your membership: your tier, your data, cancelling or deleting your account.',
};

export default function MemberSignInPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Members"
        heading="Welcome back."
        lead="Sign in with the email address and password you gave when you joined."
      />
      <div className={styles.wrap}>
        <SignInForm />
      </div>
    </PageFrame>
  );
}
