import { useEffect, useRef, useState } from 'react';
import { failureDescription, FormProblem, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

/** Asking for a password reset link. The answer never says whether the address is a member's. */
export function ForgotPasswordForm() {
  const [problem, setProblem] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.passwordResetRequest),
    pageForm: 'passwordResetRequest',
    initialValues: { email: '' },
    send: (request) => {
      setProblem(null);
      return memberAreaApi.requestPasswordReset(request);
    },
    onFailure: (error) =>
      setProblem(failureDescription(error, 'We could not send the link just now. Please try again in a few minutes.')),
  });
  // Sent by its code, or by the browser (the gateway's answer opens this page with `?sent=`).
  const sent = form.sendCount > 0;
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="forgot-heading">
      <h2 id="forgot-heading" className={card.heading}>
        Reset your password
      </h2>
      {form.pageFormField}
      <FormProblem message={problem ?? form.problem} />
      {sent ? (
        <p ref={sentRef} tabIndex={-1} role="status" className={styles.done}>
          If that address holds a membership, we have emailed it a link to choose a new password. The link works for one
          hour.
        </p>
      ) : (
        <>
          <p className={styles.aside}>
            Enter the email address of your membership and we will email you a link to choose a new password.
          </p>
          <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
          <SubmitButton pending={form.pending} label="Email me a link" pendingLabel="Sending..." />
        </>
      )}
    </form>
  );
}
