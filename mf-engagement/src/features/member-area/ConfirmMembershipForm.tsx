import { Link, useNavigate } from 'react-router';
import { memberLinks } from '@party/shared-contracts';
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
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

/**
 * What the membership email's link opens: the password chosen when registering confirms that the
 * person reading the mailbox is the one who registered. It acts only when sent, never on loading
 * (mail scanners open links first), and the token stays out of the page's HTML.
 */
export function ConfirmMembershipForm() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const link = useEmailLinkProblem(token);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.membershipConfirmation),
    pageForm: 'membershipConfirmation',
    initialValues: { password: '' },
    send: (confirmation) => {
      link.clear();
      return memberAreaApi.confirmMembership(token, confirmation);
    },
    onSuccess: () => {
      raiseToast({ title: 'Membership confirmed', description: 'Welcome! You are now signed in.' });
      void navigate(memberLinks.accountPage);
    },
    onFailure: (error) =>
      link.fail(error, 'We could not confirm your membership just now. Please try again in a few minutes.'),
  });

  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" className={card.heading}>
        Confirm your membership
      </h2>
      {form.pageFormField}
      <FormProblem message={link.problem ?? form.problem} />
      {link.usable && form.refusedWith !== 410 ? (
        <>
          <p className={styles.aside}>Enter the password you chose when you registered.</p>
          <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
          <SubmitButton pending={form.pending} label="Confirm my membership" pendingLabel="Confirming..." />
        </>
      ) : (
        <p className={styles.aside}>
          <Link to="/join">Register again</Link> or, if you have already confirmed,{' '}
          <Link to={memberLinks.signInPage}>sign in</Link>.
        </p>
      )}
    </form>
  );
}
