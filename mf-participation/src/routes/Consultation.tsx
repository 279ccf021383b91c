import { Link, useParams, useSearchParams } from 'react-router';
import {
  consultationLinks,
  consultationOpenData,
  moderationLogPage,
  pageFormAnchor,
  policyAreaTitles,
  type ConsultationView,
  type PublicComment,
} from '@party/shared-contracts';
import { PageFrame } from '@party/shared-ui';
import { CommentForm } from '../features/consultations/CommentForm';
import { ConsultationResponse } from '../features/consultations/ConsultationResponse';
import { countText, dateText, phaseLabels, phaseLine } from '../features/consultations/consultation-words';
import { ParagraphThread } from '../features/consultations/ParagraphThread';
import { useConsultation } from '../features/consultations/useConsultations';
import { VersionChanges } from '../features/consultations/VersionChanges';
import styles from '../features/consultations/Consultations.module.css';
import { ConsultationFrame, MissingConsultation } from '../ui/ConsultationFrame';

const byParagraph = (thread: readonly PublicComment[]) => {
  const comments = new Map<string, PublicComment[]>();
  for (const comment of thread) comments.set(comment.paragraph, [...(comments.get(comment.paragraph) ?? []), comment]);
  return comments;
};

function ConsultationText({ consultation, onPublished }: { consultation: ConsultationView; onPublished: () => void }) {
  const [searchParams] = useSearchParams();
  const open = consultation.phase === 'open';
  const comments = byParagraph(consultation.thread);
  const current = new Set(consultation.paragraphs.map((paragraph) => paragraph.key));
  const removed = [...comments.entries()].filter(([key]) => !current.has(key));
  const latest = consultation.versions.at(-1)!;
  const participants = new Set(consultation.thread.map((comment) => comment.participant)).size;
  const paragraph = searchParams.get('paragraph') ?? '';
  const reply = searchParams.get('reply') ?? '';
  return (
    <>
      <p className={styles.area}>
        <Link to={`${consultationLinks.page}?area=${consultation.policyArea}`}>
          {policyAreaTitles[consultation.policyArea]}
        </Link>
        <span className={styles.phase} data-phase={consultation.phase}>
          {phaseLabels[consultation.phase]}
        </span>
      </p>
      <h1>{consultation.title}</h1>
      <p className={styles.lead}>{consultation.summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>{phaseLine(consultation)}</dd>
        </div>
        <div>
          <dt>Draft</dt>
          <dd>
            Version {latest.number}, published {dateText(latest.publishedAt)}
          </dd>
        </div>
        <div>
          <dt>Taking part</dt>
          <dd>
            {countText(consultation.comments, 'comment', 'comments')} from{' '}
            {countText(participants, 'participant', 'participants')}
          </dd>
        </div>
      </dl>
      <p className={styles.links}>
        <Link to={moderationLogPage(consultation.slug)}>
          Moderation log ({countText(consultation.moderationLog.length, 'comment hidden', 'comments hidden')})
        </Link>
        <a href={consultationOpenData(consultation.slug, 'csv')} download>
          Download the comments (CSV)
        </a>
        <a href={consultationOpenData(consultation.slug, 'json')} download>
          Download the comments (JSON)
        </a>
      </p>
      <ConsultationResponse consultation={consultation} />
      <VersionChanges consultation={consultation} />
      <section aria-labelledby="draft-heading" className={styles.draft}>
        <h2 id="draft-heading">The draft</h2>
        <ol className={styles.paragraphs}>
          {consultation.paragraphs.map((each) => (
            <li key={each.key} id={`paragraph-${each.number}`} className={styles.paragraph}>
              <span className={styles.number} aria-hidden="true">
                {each.number}
              </span>
              <div>
                <p className={styles.paragraphText}>{each.text}</p>
                {open && (
                  <Link
                    className={styles.commentLink}
                    to={`?paragraph=${each.key}#${pageFormAnchor('consultationComment')}`}
                    aria-label={`Comment on paragraph ${each.number}`}
                  >
                    Comment
                  </Link>
                )}
                <ParagraphThread comments={comments.get(each.key) ?? []} open={open} />
              </div>
            </li>
          ))}
        </ol>
      </section>
      {removed.length > 0 && (
        <section aria-labelledby="removed-heading" className={styles.draft}>
          <h2 id="removed-heading">Comments on paragraphs since removed</h2>
          <p>These paragraphs were in an earlier version of the draft; what people said about them stays here.</p>
          {removed.map(([key, thread]) => (
            <ParagraphThread key={key} comments={thread} open={false} />
          ))}
        </section>
      )}
      {open && (
        <CommentForm
          key={`${paragraph}/${reply}`}
          consultation={consultation}
          paragraph={paragraph}
          replyTo={reply}
          onPublished={onPublished}
        />
      )}
    </>
  );
}

export default function ConsultationPage() {
  const slug = useParams().slug ?? '';
  const { load, reload } = useConsultation(slug);
  const consultation = load.state === 'loaded' ? load.value : undefined;
  if (consultation === null) return <MissingConsultation />;
  return (
    <PageFrame
      meta={{
        title: consultation?.title ?? 'Consultation',
        description: consultation?.summary ?? 'A consultation of the Refoundation Party on its draft policy.',
      }}
    >
      <ConsultationFrame load={load}>
        {consultation && <ConsultationText consultation={consultation} onPublished={reload} />}
      </ConsultationFrame>
    </PageFrame>
  );
}
