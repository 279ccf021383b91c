import { Link } from 'react-router';
import { pageFormAnchor, type PublicComment } from '@party/shared-contracts';
import { countText, dateText, withoutText } from './consultation-words';
import styles from './Consultations.module.css';

interface ParagraphThreadProps {
  /** The paragraph's comments, in the order written. */
  comments: readonly PublicComment[];
  /** Whether comments are taken: then each shown comment offers a reply. */
  open: boolean;
}

/** One comment and the replies to it; a hidden or erased one keeps its place, without its text. */
function CommentItem({ comment, replies, open }: { comment: PublicComment; replies: PublicComment[]; open: boolean }) {
  return (
    <li className={styles.comment} id={`comment-${comment.id}`}>
      <p className={styles.commentMeta}>
        <strong>Participant {comment.participant}</strong> · <time dateTime={comment.at}>{dateText(comment.at)}</time>
        {comment.version > 1 && ` · on version ${comment.version}`}
      </p>
      {comment.body === null ? (
        <p className={styles.withoutText}>{withoutText(comment)}</p>
      ) : (
        <p className={styles.commentBody}>{comment.body}</p>
      )}
      {open && comment.body !== null && (
        <Link
          className={styles.replyLink}
          to={`?reply=${comment.id}#${pageFormAnchor('consultationComment')}`}
          aria-label={`Reply to participant ${comment.participant}`}
        >
          Reply
        </Link>
      )}
      {replies.length > 0 && (
        <ul className={styles.replies} aria-label={`Replies to participant ${comment.participant}`}>
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} replies={[]} open={false} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The comments on one paragraph: each with its replies under it. */
export function ParagraphThread({ comments, open }: ParagraphThreadProps) {
  const roots = comments.filter((comment) => comment.replyTo === null);
  if (roots.length === 0) return null;
  const repliesTo = (id: string) => comments.filter((comment) => comment.replyTo === id);
  return (
    <details className={styles.thread} open={comments.length <= 6}>
      <summary>{countText(comments.length, 'comment', 'comments')}</summary>
      <ul className={styles.comments}>
        {roots.map((comment) => (
          <CommentItem key={comment.id} comment={comment} replies={repliesTo(comment.id)} open={open} />
        ))}
      </ul>
    </details>
  );
}
