import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  COMMENT_LIMITS,
  isMemberSignedIn,
  memberLinks,
  moderationLogPage,
  pageFormAnchor,
  type CommentAnswer,
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

const unchanging = () => () => undefined;

interface CommentFormProps {
  consultation: ConsultationView;
  /** The paragraph chosen by its "Comment" link (`?paragraph=`), and the comment replied to (`?reply=`). */
  paragraph: string;
  replyTo: string;
  onPublished: () => void;
}

/**
 * A comment on a paragraph, or a reply to a comment: a page form, so that it is sent without the
 * page's code too. A signed-in member's is published at once under their participant number;
 * anyone else gives their email, and theirs is published when they open the link sent to it.
 */
export function CommentForm({ consultation, paragraph, replyTo, onPublished }: CommentFormProps) {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  // The page is the same for everyone (the gateway renders it once): whether this visitor is a
  // signed-in member is read once it runs in their browser.
  const member = useSyncExternalStore(
    unchanging,
    () => isMemberSignedIn(document.cookie),
    () => false,
  );
  const answer = useRef<CommentAnswer | null>(null);
  const [awaitingEmail, setAwaitingEmail] = useState(searchParams.get('comment') === 'awaiting-email');
  const repliedTo = consultation.thread.find((comment) => comment.id === replyTo && comment.body !== null);
  const numberOf = (key: string) => consultation.paragraphs.find((each) => each.key === key)?.number;
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => (member ? rules.comment : rules.commentByEmail)),
    pageForm: 'consultationComment',
    initialValues: {
      paragraph: repliedTo?.paragraph ?? (numberOf(paragraph) ? paragraph : ''),
      replyTo: repliedTo?.id ?? '',
      body: '',
      email: '',
    },
    send: async (comment) => {
      answer.current = await sendComment(consultation.slug, comment);
    },
    onSuccess: () => {
      const held = answer.current?.status === 'awaiting-email';
      setAwaitingEmail(held);
      raiseToast(
        held
          ? { title: 'Check your email', description: 'Open the link we sent you to publish your comment.' }
          : { title: 'Comment published', description: 'Thank you: it is on the page for everyone to read.' },
      );
      if (!held) onPublished();
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
        {member ? (
          'You comment as a signed-in member.'
        ) : (
          <>
            Members <Link to={memberLinks.signInPage}>sign in</Link> to comment; anyone else confirms their email.
          </>
        )}{' '}
        Your comment is published under a participant number, never your name, and stays within our{' '}
        <Link to={moderationLogPage(consultation.slug)}>moderation policy</Link>.
      </p>
      {form.pageFormField}
      <FormProblem message={form.problem} />
      {form.sendCount > 0 && (
        <p role="status" className={styles.sent}>
          {awaitingEmail
            ? `Check your email: your comment is published when you open the link we sent you. It works for ${COMMENT_LIMITS.linkDays} days.`
            : 'Your comment is published. Thank you for taking part.'}
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
      {!member && (
        <TextField
          label="Your email address"
          hint="Not a member, or not signed in? We email you a link that publishes your comment. Your address is never shown, nor in the open data."
          type="email"
          autoComplete="email"
          optional
          {...form.text('email')}
        />
      )}
      <SubmitButton pending={form.pending} label="Publish comment" pendingLabel="Publishing..." />
    </form>
  );
}
