import { raiseToast, failureDescription, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import styles from './Staff.module.css';
import * as sessionApi from './api/session';

export function StaffSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.staffSignIn),
    initialValues: { email: '', password: '' },
    send: sessionApi.signIn,
    onSuccess: onSignedIn,
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'We could not sign you in just now. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <form {...form.formProps} className={`${card.card} ${styles.signIn}`} aria-labelledby="staff-sign-in-heading">
      <h2 id="staff-sign-in-heading" className={card.heading}>
        Staff sign-in
      </h2>
      <p className={card.note}>
        For the party&apos;s staff and volunteers with a staff account. Accounts are made by an administrator.
      </p>
      <TextField label="Email address" type="email" autoComplete="username" {...form.text('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
      <SubmitButton pending={form.pending} label="Sign in" pendingLabel="Signing in..." />
    </form>
  );
}
