import { Link, useNavigate } from 'react-router';
import { useRef, useState } from 'react';
import { memberLinks, type MemberSignInAnswer } from '@party/shared-contracts';
import {
  FormProblem,
  raiseToast,
  useEmailLinkProblem,
  useLinkToken,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import { MemberSecondFactor } from './MemberSecondFactor';
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

/** What the reset email's link opens: a new password, which signs the member in. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const link = useEmailLinkProblem(token);
  const answer = useRef<MemberSignInAnswer | null>(null);
  const [factor, setFactor] = useState<{ passkey: boolean } | null>(null);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.newPassword),
    pageForm: 'newPassword',
    initialValues: { password: '' },
    send: async (password) => {
      link.clear();
      answer.current = await memberAreaApi.resetPassword(token, password);
    },
    onSuccess: () => {
      const given = answer.current;
      // A new password never skips the second factor.
      if (given && !given.signedIn) {
        raiseToast({
          title: 'Password changed',
          description: 'One more step: your second factor. Every other session has been signed out.',
        });
        setFactor({ passkey: given.passkey });
        return;
      }
      raiseToast({
        title: 'Password changed',
        description: 'You are signed in; every other session has been signed out.',
      });
      void navigate(memberLinks.accountPage);
    },
    onFailure: (error) =>
      link.fail(error, 'We could not change your password just now. Please try again in a few minutes.'),
  });

  if (factor) return <MemberSecondFactor passkey={factor.passkey} />;
  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="reset-heading">
      <h2 id="reset-heading" className={card.heading}>
        Choose a new password
      </h2>
      {form.pageFormField}
      <FormProblem message={link.problem ?? form.problem} />
      {link.usable && form.refusedWith !== 410 ? (
        <>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            {...form.text('password')}
          />
          <SubmitButton pending={form.pending} label="Save my new password" pendingLabel="Saving..." />
        </>
      ) : (
        <p className={styles.aside}>
          <Link to={memberLinks.forgotPasswordPage}>Ask for a new link</Link>.
        </p>
      )}
    </form>
  );
}
