import { SubmitButton, FormProblem, useEmailLinkAction } from '@party/shared-ui';
import { Link } from 'react-router';
import { dataRightsLinks } from '@party/shared-contracts';
import card from '../../ui/FormCard.module.css';
import styles from './DataRights.module.css';

/** Saves the copy as the file a member's download gives. */
function save(data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'my-refoundation-party-data.json' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const actions = {
  copy: {
    endpoint: dataRightsLinks.copyEndpoint,
    heading: 'Download your data',
    action: 'Download my data',
    pendingAction: 'Preparing...',
    done: {
      heading: 'Your data is downloaded',
      text: 'The file holds everything we hold under your address, as JSON. The link has now been used; ask again for a new copy at any time.',
    },
  },
  erasure: {
    endpoint: dataRightsLinks.erasureEndpoint,
    heading: 'Erase your data',
    action: 'Erase my data',
    pendingAction: 'Erasing...',
    done: {
      heading: 'Your data is erased',
      text: 'We hold nothing more under your address, but for what election law makes us keep of a donation we received.',
    },
  },
} as const;

/**
 * What the emailed link of a data request opens: one button that does what was asked. It acts only
 * when pressed, never on loading: mail scanners open links before their reader does.
 */
export function DataLinkAction({ request }: { request: keyof typeof actions }) {
  const { endpoint, heading, action, pendingAction, done } = actions[request];
  const { token, outcome, problem, resultRef, formProps, pageFormField } = useEmailLinkAction(
    endpoint,
    'We could not do this just now. Please try again in a few minutes.',
    // A copy is a file the page's code saves; an erasure is done by the browser's post alone too.
    request === 'copy' ? { onAnswer: save } : { pageForm: 'dataErasure' },
  );

  if (outcome.kind === 'done') {
    return (
      <div className={`${card.card} ${styles.card}`} ref={resultRef} tabIndex={-1} role="status">
        <h2 className={card.heading}>{done.heading}</h2>
        <p className={styles.aside}>{done.text}</p>
      </div>
    );
  }

  return (
    <div className={`${card.card} ${styles.card}`}>
      <h2 className={card.heading}>{heading}</h2>
      <FormProblem message={problem} />
      {request === 'erasure' && (
        <>
          <p className={styles.aside}>
            Erasing removes, for good, everything held under the address this link was sent to:
          </p>
          <ul className={styles.list}>
            <li>a membership, with its account and sessions;</li>
            <li>a newsletter subscription;</li>
            <li>messages to us, volunteer sign-ups and event registrations;</li>
            <li>the emails we sent it, and the consent records.</li>
          </ul>
          <p className={styles.aside}>
            Of a donation we received, election law makes us keep the donor’s name, address, occupation and employer
            with the amount and date, for as long as the law requires; the email address goes. A pledge never fulfilled
            goes whole.
          </p>
        </>
      )}
      {token && outcome.kind !== 'failed' && request === 'copy' ? (
        <noscript>
          <p className={styles.aside}>Saving your copy as a file needs JavaScript: please switch it on.</p>
        </noscript>
      ) : null}
      {token && outcome.kind !== 'failed' ? (
        <form {...formProps} className={request === 'copy' ? styles.needsScript : undefined}>
          {pageFormField}
          <SubmitButton pending={outcome.kind === 'pending'} label={action} pendingLabel={pendingAction} />
        </form>
      ) : (
        <p className={styles.aside}>
          <Link to={dataRightsLinks.requestPage}>Ask again for a new link</Link>
        </p>
      )}
    </div>
  );
}
