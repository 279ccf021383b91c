import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { memberLinks, type MemberSignInAnswer } from '@party/shared-contracts';
import { failureDescription, FormProblem, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import { MemberSecondFactor } from './MemberSecondFactor';
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

/**
 * Signing in to the member area with the email and password given when joining. Posted without the
 * page's code, the gateway answers with the member area, or this page at its second step (`?factor=`).
 */
export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useRef<MemberSignInAnswer | null>(null);
  const [factor, setFactor] = useState<{ passkey: boolean } | null>(() =>
    searchParams.has('factor') ? { passkey: searchParams.get('factor') === 'passkey' } : null,
  );
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.memberSignIn),
    pageForm: 'memberSignIn',
    initialValues: { email: '', password: '' },
    send: async (signIn) => {
      setProblem(null);
      answer.current = await memberAreaApi.signIn(signIn);
    },
    onSuccess: () => {
      const given = answer.current;
      if (given && !given.signedIn) setFactor({ passkey: given.passkey });
      else void navigate(memberLinks.accountPage);
    },
    onFailure: (error) =>
      setProblem(failureDescription(error, 'We could not sign you in just now. Please try again in a few minutes.')),
  });

  if (factor) return <MemberSecondFactor passkey={factor.passkey} />;

  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={card.heading}>
        Sign in to your membership
      </h2>
      {form.pageFormField}
      <FormProblem message={problem ?? form.problem} />
      <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
      <SubmitButton pending={form.pending} label="Sign in" pendingLabel="Signing in..." />
      <p className={styles.aside}>
        <Link to={memberLinks.forgotPasswordPage}>Forgotten your password?</Link> Not a member yet?{' '}
        <Link to="/join">Join the party</Link>.
      </p>
    </form>
  );
}
