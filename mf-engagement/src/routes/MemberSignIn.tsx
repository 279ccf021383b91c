import { PageFrame, PageHero } from '@party/shared-ui';
import { SignInForm } from '../features/members/SignInForm';
import styles from '../features/members/Members.module.css';

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
