import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { memberLinks, newPasswordSchema, raiseToast } from '@party/shared-contracts';
import { ApiError, apiRequest, failureDescription } from '../../api/api-request';
import { INCOMPLETE_LINK, useLinkToken } from '../../ui/email-link';
import { SubmitButton, TextField } from '../../ui/FormFields';
import card from '../../ui/FormCard.module.css';
import { useSchemaForm } from '../forms/useSchemaForm';
import { FormProblem } from '../../ui/FormProblem';
import styles from './Members.module.css';

/** What the reset email's link opens: a new password, which signs the member in. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const [problem, setProblem] = useState<string | null>(token ? null : INCOMPLETE_LINK);
  const [linkUsed, setLinkUsed] = useState(!token);
  const form = useSchemaForm({
    schema: newPasswordSchema,
    initialValues: { password: '' },
    send: (password) => {
      setProblem(null);
      return apiRequest('POST', `${memberLinks.passwordEndpoint}?token=${encodeURIComponent(token)}`, password);
    },
    onSuccess: () => {
      raiseToast({ title: 'Password changed', description: 'You are signed in; every other session has been signed out.' });
      void navigate(memberLinks.accountPage);
    },
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      setLinkUsed(error instanceof ApiError && error.status === 410);
      setProblem(failureDescription(error, 'We could not change your password just now. Please try again in a few minutes.'));
    },
  });

  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="reset-heading">
      <h2 id="reset-heading" className={card.heading}>
        Choose a new password
      </h2>
      <FormProblem message={problem} />
      {linkUsed ? (
        <p className={styles.aside}>
          <Link to={memberLinks.forgotPasswordPage}>Ask for a new link</Link>.
        </p>
      ) : (
        <>
          <TextField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." {...form.text('password')} />
          <SubmitButton pending={form.pending} label="Save my new password" pendingLabel="Saving..." />
        </>
      )}
    </form>
  );
}
