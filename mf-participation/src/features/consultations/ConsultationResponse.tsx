import type { ConsultationView } from '@party/shared-contracts';
import { countText, dateText } from './consultation-words';
import styles from './Consultations.module.css';

/** The party's published response: what people said (counts per paragraph, themes), the decision, the evidence. */
export function ConsultationResponse({ consultation }: { consultation: ConsultationView }) {
  const { response, paragraphs, countsByParagraph } = consultation;
  if (!response) return null;
  return (
    <section className={styles.response} aria-labelledby="response-heading">
      <p className={styles.eyebrow}>Published {dateText(response.publishedAt)}</p>
      <h2 id="response-heading">The party’s response</h2>
      <h3>What we decided</h3>
      <p className={styles.decision}>{response.decision}</p>
      <h3>What people said</h3>
      <ul className={styles.themes}>
        {response.themes.map((theme) => (
          <li key={theme}>{theme}</li>
        ))}
      </ul>
      <table className={styles.counts}>
        <caption>Comments per paragraph (those hidden by moderators are not counted)</caption>
        <thead>
          <tr>
            <th scope="col">Paragraph</th>
            <th scope="col">Comments</th>
          </tr>
        </thead>
        <tbody>
          {paragraphs.map((paragraph) => (
            <tr key={paragraph.key}>
              <th scope="row">
                <a href={`#paragraph-${paragraph.number}`}>Paragraph {paragraph.number}</a>
              </th>
              <td>{countText(countsByParagraph[paragraph.key] ?? 0, 'comment', 'comments')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>The evidence</h3>
      <ul className={styles.evidence}>
        {response.evidence.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
