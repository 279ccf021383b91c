import { Link, useParams } from 'react-router';
import { consultationPage, moderationReasons, type ConsultationView } from '@party/shared-contracts';
import { PageFrame } from '@party/shared-ui';
import { dateText } from '../features/consultations/consultation-words';
import { useConsultation } from '../features/consultations/useConsultations';
import styles from '../features/consultations/Consultations.module.css';
import { ConsultationFrame, MissingConsultation } from '../ui/ConsultationFrame';

function Log({ consultation }: { consultation: ConsultationView }) {
  const numbers = new Map(consultation.paragraphs.map((paragraph) => [paragraph.key, paragraph.number]));
  return (
    <>
      <h1>Moderation log</h1>
      <p className={styles.lead}>
        Every comment moderators hid in <Link to={consultationPage(consultation.slug)}>{consultation.title}</Link>:
        when, and why. The hidden text is not shown here or anywhere else; the comment keeps its place in the thread.
      </p>
      {consultation.moderationLog.length === 0 ? (
        <p className={styles.empty}>Nothing has been hidden in this consultation.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.log}>
            <caption className="visually-hidden">Comments hidden, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Hidden on</th>
                <th scope="col">Comment</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {consultation.moderationLog.map((entry) => (
                <tr key={entry.comment}>
                  <td>
                    <time dateTime={entry.hiddenAt}>{dateText(entry.hiddenAt)}</time>
                  </td>
                  <td>
                    By participant {entry.participant},{' '}
                    {numbers.has(entry.paragraph)
                      ? `on paragraph ${numbers.get(entry.paragraph)}`
                      : 'on a paragraph since removed'}
                  </td>
                  <td>{moderationReasons[entry.reason]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="policy-heading" className={styles.policy}>
        <h2 id="policy-heading">Our moderation policy</h2>
        <p>
          Moderators hide a comment only for one of these reasons, and never for disagreeing with the party. Who hid it
          is kept in the party’s records.
        </p>
        <ul>
          {Object.entries(moderationReasons).map(([reason, text]) => (
            <li key={reason}>{text}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function ModerationLogPage() {
  const slug = useParams().slug ?? '';
  const { load } = useConsultation(slug);
  const consultation = load.state === 'loaded' ? load.value : undefined;
  if (consultation === null) return <MissingConsultation />;
  return (
    <PageFrame
      meta={{
        title: consultation ? `Moderation log: ${consultation.title}` : 'Moderation log',
        description: 'Every comment hidden in this consultation, when and why, and the moderation policy.',
      }}
    >
      <ConsultationFrame load={load}>{consultation && <Log consultation={consultation} />}</ConsultationFrame>
    </PageFrame>
  );
}
