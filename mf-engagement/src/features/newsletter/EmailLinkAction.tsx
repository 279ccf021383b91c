import { SubmitButton, FormProblem, useEmailLinkAction } from '@party/shared-ui';
import { Link } from 'react-router';
import type { PageFormName } from '@party/shared-contracts';
import card from '../../ui/FormCard.module.css';
import NewsletterSignup from './NewsletterSignup';
import styles from './EmailLinkAction.module.css';

interface EmailLinkActionProps {
  /** The gateway endpoint the link's `?token=` is posted to. */
  endpoint: string;
  /** The name the gateway knows it by when the browser posts it without the page's code. */
  pageForm: PageFormName;
  heading: string;
  action: string;
  pendingAction: string;
  done: { heading: string; text: string };
  /** What to say when the gateway could not tell why the action failed. */
  fallbackFailure: string;
}

/**
 * What a link in one of our emails opens: one button that does what the email said. It acts only
 * when pressed, never on loading, because mail scanners open links before their reader does. The
 * token stays out of the page's HTML (pages are cached); only whether there is one shows.
 */
export function EmailLinkAction({
  endpoint,
  pageForm,
  heading,
  action,
  pendingAction,
  done,
  fallbackFailure,
}: EmailLinkActionProps) {
  const { token, outcome, problem, resultRef, formProps, pageFormField } = useEmailLinkAction(
    endpoint,
    fallbackFailure,
    {
      pageForm,
    },
  );

  if (outcome.kind === 'done') {
    return (
      <div className={`${card.card} ${styles.card}`} ref={resultRef} tabIndex={-1} role="status">
        <h2 className={card.heading}>{done.heading}</h2>
        <p className={styles.text}>{done.text}</p>
        <p className={styles.text}>
          <Link to="/news">Read the latest news</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <div className={`${card.card} ${styles.card}`}>
        <h2 className={card.heading}>{heading}</h2>
        <FormProblem message={problem} />
        {token && outcome.kind !== 'failed' ? (
          <form {...formProps}>
            {pageFormField}
            <SubmitButton pending={outcome.kind === 'pending'} label={action} pendingLabel={pendingAction} />
          </form>
        ) : null}
      </div>
      {problem ? (
        <div className={styles.signup}>
          <NewsletterSignup idPrefix="email-link" layout="panel" headingLevel={2} />
        </div>
      ) : null}
    </>
  );
}
