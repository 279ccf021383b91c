import { raiseToast, failureDescription, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import { changePassword } from './sign-in-security-api';

/** Changing one's password while signed in (a member's or staff's): the current one, then the new. */
export function ChangePasswordForm({ endpoint, className }: { endpoint: string; className?: string }) {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.passwordChange),
    initialValues: { currentPassword: '', password: '' },
    send: (change) => changePassword(endpoint, change),
    onSuccess: () =>
      raiseToast({ title: 'Password changed', description: 'Every other session of yours has been signed out.' }),
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'We could not change your password just now. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <form {...form.formProps} className={className} aria-label="Change your password">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.text('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters; a long phrase is best."
        {...form.text('password')}
      />
      <SubmitButton pending={form.pending} label="Change my password" pendingLabel="Changing..." />
    </form>
  );
}
