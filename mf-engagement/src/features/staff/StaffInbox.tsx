import { useState } from 'react';
import { contactSubjects, staffLinks, type StaffInboxMessage } from '@party/shared-contracts';
import { failureDescription, FormProblem, raiseToast, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import { useStaffData } from './useStaffData';
import { when } from './staff-dates';
import styles from './Staff.module.css';
import * as messagesApi from './api/messages';

const topicOf = (value: string) => contactSubjects.find((subject) => subject.value === value)?.label ?? value;

function ReplyForm({ message, onSent }: { message: StaffInboxMessage; onSent: () => void }) {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.staffReply),
    initialValues: { text: '' },
    send: (reply) => messagesApi.reply(message.id, reply),
    onSuccess: () => {
      raiseToast({ title: 'Reply queued', description: `Your reply to ${message.name} is on its way by email.` });
      onSent();
    },
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'The reply could not be sent. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    // Unnamed, so not a landmark: one person may write twice, and the article already names the message.
    <form {...form.formProps} className={styles.reply}>
      <TextField
        label={`Your reply to ${message.name}`}
        hint="Sent by email from the party's address; their answer comes back to you."
        multiline
        {...form.text('text')}
      />
      <SubmitButton pending={form.pending} label="Send reply" pendingLabel="Sending..." />
    </form>
  );
}

/** Contact messages: the open ones oldest first, to answer in turn; answered ones with who answered. */
export function StaffInbox() {
  const [status, setStatus] = useState<'open' | 'answered'>('open');
  const { state, reload } = useStaffData<StaffInboxMessage[]>(`${staffLinks.messagesEndpoint}?status=${status}`);

  async function markAnswered(message: StaffInboxMessage) {
    try {
      await messagesApi.markAnswered(message.id);
      reload();
    } catch (error) {
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'The message could not be marked answered.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <div className={styles.toolbar} role="group" aria-label="Messages">
        {(['open', 'answered'] as const).map((each) => (
          <button
            key={each}
            type="button"
            className={styles.filter}
            aria-pressed={status === each}
            onClick={() => setStatus(each)}
          >
            {each === 'open' ? 'To answer' : 'Answered'}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <p role="status">Loading messages…</p>}
      {state.kind === 'failed' && <FormProblem message={state.message} />}
      {state.kind === 'ready' &&
        (state.data.length === 0 ? (
          <p className={styles.empty}>
            {status === 'open' ? 'No message is waiting for an answer.' : 'No answered messages yet.'}
          </p>
        ) : (
          <ol className={styles.messages}>
            {state.data.map((message) => (
              <li key={message.id} className={styles.message}>
                <article aria-labelledby={`message-${message.id}`}>
                  <h3 id={`message-${message.id}`}>
                    {topicOf(message.subject)} · {message.name}
                  </h3>
                  <p className={styles.meta}>
                    <a href={`mailto:${message.email}`}>{message.email}</a> · received {when(message.receivedAt)}
                    {message.answeredAt && ` · answered ${when(message.answeredAt)} by ${message.answeredBy}`}
                  </p>
                  <p className={styles.body}>{message.message}</p>
                  {!message.answeredAt && (
                    <>
                      <ReplyForm message={message} onSent={reload} />
                      <button
                        type="button"
                        className="button button-outline"
                        onClick={() => void markAnswered(message)}
                      >
                        Mark answered without replying
                      </button>
                    </>
                  )}
                </article>
              </li>
            ))}
          </ol>
        ))}
    </>
  );
}
