import { staffLinks, type StaffNewsletterOverview } from '@party/shared-contracts';
import {
  raiseToast,
  failureDescription,
  CheckboxField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import { when } from './staff-dates';
import styles from './Staff.module.css';
import * as messagesApi from './api/messages';

const subscribersText = (count: number) => (count === 1 ? '1 confirmed subscriber' : `${count} confirmed subscribers`);

function IssueForm({ subscribers, onSent }: { subscribers: number; onSent: () => void }) {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.newsletterIssue),
    initialValues: { subject: '', body: '', confirmed: false },
    send: messagesApi.sendNewsletter,
    onSuccess: () => {
      raiseToast({ title: 'Newsletter queued', description: `It is on its way to ${subscribersText(subscribers)}.` });
      onSent();
    },
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'The newsletter could not be sent. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <form {...form.formProps} className={styles.reply} aria-labelledby="newsletter-form-heading">
      <h3 id="newsletter-form-heading">Write an issue</h3>
      <TextField label="Subject" {...form.text('subject')} />
      <TextField
        label="Newsletter"
        hint="Plain text, an empty line between paragraphs. Each email ends with the party's address and the reader's own unsubscribe link."
        multiline
        {...form.text('body')}
      />
      <CheckboxField
        label={`Send it now to all ${subscribersText(subscribers)}; this cannot be undone.`}
        {...form.checkbox('confirmed')}
      />
      <SubmitButton pending={form.pending} label="Send newsletter" pendingLabel="Sending..." />
    </form>
  );
}

/** The newsletter: an issue goes to every confirmed subscriber through the outbox; sent issues with their deliveries. */
export function StaffNewsletter() {
  const { state, reload } = useStaffData<StaffNewsletterOverview>(staffLinks.newslettersEndpoint);
  return (
    <StaffLoaded state={state}>
      {(overview) => (
        <>
          <IssueForm subscribers={overview.confirmedSubscribers} onSent={reload} />
          <h3>Sent issues</h3>
          <StaffTable
            caption="Sent issues"
            rows={overview.issues}
            rowKey={(issue) => issue.id}
            empty="No newsletter has been sent yet."
            columns={[
              { label: 'Subject', cell: (issue) => issue.subject },
              { label: 'Sent', cell: (issue) => `${when(issue.sentAt)} by ${issue.sentBy}` },
              { label: 'Recipients', cell: (issue) => issue.recipients },
              { label: 'Delivered', cell: (issue) => issue.delivered },
              { label: 'Failed', cell: (issue) => issue.failed },
            ]}
          />
        </>
      )}
    </StaffLoaded>
  );
}
