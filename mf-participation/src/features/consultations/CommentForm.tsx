import { useId } from 'react';
import { Link } from 'react-router';
import {
  COMMENT_LIMITS,
  memberLinks,
  moderationLogPage,
  pageFormAnchor,
  type ConsultationView,
} from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  raiseToast,
  SelectField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import { sendComment } from './consultations-api';
import styles from './Consultations.module.css';

interface CommentFormProps {
  consultation: ConsultationView;
  /** The paragraph chosen by its "Comment" link (`?paragraph=`), and the comment replied to (`?reply=`). */
  paragraph: string;
  replyTo: string;
  onPublished: () => void;
}

/**
 * A comment on a paragraph, or a reply to a comment: a page form, so that it is sent without the
 * page's code too. Published at once under the writer's participant number.
 */
export function CommentForm({ consultation, paragraph, replyTo, onPublished }: CommentFormProps) {
  const headingId = useId();
  const repliedTo = consultation.thread.find((comment) => comment.id === replyTo && comment.body !== null);
  const numberOf = (key: string) => consultation.paragraphs.find((each) => each.key === key)?.number;
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.comment),
    pageForm: 'consultationComment',
    initialValues: {
      paragraph: repliedTo?.paragraph ?? (numberOf(paragraph) ? paragraph : ''),
      replyTo: repliedTo?.id ?? '',
      body: '',
    },
    send: (comment) => sendComment(consultation.slug, comment).then(() => undefined),
    onSuccess: () => {
      raiseToast({ title: 'Comment published', description: 'Thank you: it is on the page for everyone to read.' });
      onPublished();
    },
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Your comment could not be published. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <form {...form.formProps} className={styles.commentForm} aria-labelledby={headingId}>
      <h2 id={headingId}>{repliedTo ? `Reply to participant ${repliedTo.participant}` : 'Comment on the draft'}</h2>
      <p className={styles.formNote}>
        Members comment signed in: <Link to={memberLinks.signInPage}>sign in</Link> or{' '}
        <Link to="/join">join the party</Link>. Your comment is published under a participant number, never your name,
        and stays within our <Link to={moderationLogPage(consultation.slug)}>moderation policy</Link>.
      </p>
      {form.pageFormField}
      <FormProblem message={form.problem} />
      {form.sendCount > 0 && (
        <p role="status" className={styles.sent}>
          Your comment is published. Thank you for taking part.
        </p>
      )}
      {repliedTo ? (
        <>
          <input type="hidden" name="paragraph" value={form.values.paragraph} />
          <input type="hidden" name="replyTo" value={form.values.replyTo} />
          <blockquote className={styles.quoted}>
            <p>{repliedTo.body}</p>
            <footer>
              Participant {repliedTo.participant}, on paragraph {numberOf(repliedTo.paragraph)} ·{' '}
              <Link to={`?paragraph=${repliedTo.paragraph}#${pageFormAnchor('consultationComment')}`}>
                Comment on the paragraph instead
              </Link>
            </footer>
          </blockquote>
        </>
      ) : (
        <SelectField label="Paragraph" placeholder="Choose the paragraph you comment on" {...form.text('paragraph')}>
          {consultation.paragraphs.map((each) => (
            <option key={each.key} value={each.key}>
              {`${each.number}. ${each.text.length > 70 ? `${each.text.slice(0, 70)}…` : each.text}`}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={repliedTo ? 'Your reply' : 'Your comment'}
        hint={`Plain text, up to ${COMMENT_LIMITS.chars.toLocaleString('en-US')} characters. Say what you would change and why.`}
        multiline
        {...form.text('body')}
      />
      <SubmitButton pending={form.pending} label="Publish comment" pendingLabel="Publishing..." />
    </form>
  );
}
