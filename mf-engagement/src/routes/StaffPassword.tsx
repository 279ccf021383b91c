import { useNavigate } from 'react-router';
import {
  FormProblem,
  PageFrame,
  PageHero,
  raiseToast,
  useEmailLinkProblem,
  useLinkToken,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import card from '../ui/FormCard.module.css';
import styles from '../features/staff/Staff.module.css';
import * as sessionApi from '../features/staff/api/session';

const meta = {
  title: 'Set your staff password',
  description: 'Set the password of your account in the party’s staff console.',
  noindex: true,
};

/**
 * What an invitation (or an administrator's new password link) opens: a password, after which the
 * console asks for the second factor, or for a new account to add one.
 */
export default function StaffPasswordPage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const link = useEmailLinkProblem(token);
  const form = useSchemaForm({
    rules: () => import('../ui/form-rules').then((rules) => rules.newPassword),
    initialValues: { password: '' },
    send: (password) => {
      link.clear();
      return sessionApi.setPassword(token, password);
    },
    onSuccess: () => {
      raiseToast({ title: 'Password set', description: 'One more step: your second factor.' });
      void navigate('/staff');
    },
    onFailure: (error) =>
      link.fail(error, 'We could not set your password just now. Please try again in a few minutes.'),
  });

  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Staff"
        heading="Your password."
        lead="Choose the password of your staff console account. Any session signed in with the old one ends."
      />
      <div className={styles.passwordPage}>
        <form {...form.formProps} className={card.card} aria-labelledby="staff-password-heading">
          <h2 id="staff-password-heading" className={card.heading}>
            Choose a password
          </h2>
          <FormProblem message={link.problem} />
          {link.usable && (
            <>
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters; a long phrase is best."
                {...form.text('password')}
              />
              <SubmitButton pending={form.pending} label="Set my password" pendingLabel="Saving..." />
            </>
          )}
        </form>
      </div>
    </PageFrame>
  );
}
