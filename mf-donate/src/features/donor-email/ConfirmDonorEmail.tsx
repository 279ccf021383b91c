import { Link } from 'react-router';
import { donationLinks } from '@party/shared-contracts';
import { FormProblem, useEmailLinkAction } from '@party/shared-ui';
import styles from './ConfirmDonorEmail.module.css';

/**
 * What a receipt's link opens: one button by which a donor confirms that the email they gave is
 * theirs (decision 0043). It acts only when pressed, never on loading (mail scanners open links
 * first), and works without the page's code as a page form.
 */
export function ConfirmDonorEmail() {
  const { token, outcome, problem, resultRef, formProps, pageFormField } = useEmailLinkAction(
    donationLinks.emailConfirmation,
    'We could not confirm your address just now. Please try again in a few minutes.',
    { pageForm: 'donationEmailConfirmation' },
  );

  if (outcome.kind === 'done') {
    return (
      <div className={styles.card} ref={resultRef} tabIndex={-1} role="status">
        <h3 className={styles.heading}>Your address is confirmed</h3>
        <p>
          Thank you. We count your gifts under this address together from now on, whichever wallet they come from, and
          tell nobody else what you gave.
        </p>
        <p>
          <Link to={donationLinks.ledgerPage}>See our public ledger</Link>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.card}>
      <p>
        Only if you made the donation this receipt is for. If you did not, close this page: nothing changes until
        someone presses the button.
      </p>
      <FormProblem message={problem} />
      {token && outcome.kind !== 'failed' ? (
        <form {...formProps}>
          {pageFormField}
          <button
            type="submit"
            className="button button-primary"
            disabled={outcome.kind === 'pending'}
            aria-busy={outcome.kind === 'pending'}
          >
            {outcome.kind === 'pending' ? 'Confirming...' : 'Confirm this address is mine'}
          </button>
        </form>
      ) : null}
    </div>
  );
}
