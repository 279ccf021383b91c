import { Link, useLocation, useParams } from 'react-router';
import { commentPublicationEndpoint, consultationPage, type CommentAnswer } from '@party/shared-contracts';
import { FormProblem, PageFrame, SubmitButton, useEmailLinkAction } from '@party/shared-ui';
import { useState } from 'react';
import { useConsultation } from '../features/consultations/useConsultations';
import styles from '../features/consultations/Consultations.module.css';
import { ConsultationFrame, MissingConsultation } from '../ui/ConsultationFrame';

const meta = {
  title: 'Publish your comment',
  description: 'Publish the comment you wrote on one of our consultations.',
  noindex: true,
};

/**
 * What a held comment's emailed link opens: one button that publishes it. It acts only when
 * pressed (mail scanners open links before their reader does); the comment is not shown before,
 * as the page is the same for everyone and its token is personal.
 */
function Publication({ slug }: { slug: string }) {
  const [published, setPublished] = useState<string | null>(null);
  const { pathname } = useLocation();
  const { token, outcome, problem, resultRef, formProps, pageFormField } = useEmailLinkAction(
    commentPublicationEndpoint(pathname),
    'We could not publish your comment just now. Please try again in a few minutes.',
    {
      pageForm: 'commentPublication',
      // The endpoint answers only a published comment (a refusal throws).
      onAnswer: (answer) => setPublished((answer as Extract<CommentAnswer, { status: 'published' }>).id),
    },
  );
  if (outcome.kind === 'done')
    return (
      <div ref={resultRef} tabIndex={-1} role="status" className={styles.publication}>
        <h2>Your comment is published</h2>
        <p>Thank you for taking part. It is on the consultation’s page under your participant number.</p>
        {/* Loaded afresh: the data this page came with is the consultation's before the comment. */}
        <a
          className="button button-primary"
          href={published ? `${consultationPage(slug)}#comment-${published}` : consultationPage(slug)}
        >
          See it on the consultation
        </a>
      </div>
    );
  return (
    <div className={styles.publication}>
      <FormProblem message={problem} />
      {token && outcome.kind !== 'failed' && (
        <form {...formProps} aria-label="Publish your comment">
          {pageFormField}
          <SubmitButton pending={outcome.kind === 'pending'} label="Publish my comment" pendingLabel="Publishing..." />
        </form>
      )}
    </div>
  );
}

export default function PublishCommentPage() {
  const slug = useParams().slug ?? '';
  const { load } = useConsultation(slug);
  const consultation = load.state === 'loaded' ? load.value : undefined;
  if (consultation === null) return <MissingConsultation />;
  return (
    <PageFrame meta={meta}>
      <ConsultationFrame load={load}>
        {consultation && (
          <>
            <h1>Publish your comment</h1>
            <p className={styles.lead}>
              On <Link to={consultationPage(slug)}>{consultation.title}</Link>. Press the button to publish the comment
              you wrote: under a participant number, never your name or address.
            </p>
            <Publication slug={slug} />
          </>
        )}
      </ConsultationFrame>
    </PageFrame>
  );
}
