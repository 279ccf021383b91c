import type { ConsultationView } from '@party/shared-contracts';
import { dateText } from './consultation-words';
import styles from './Consultations.module.css';

/** What changed from the version before the latest, word by word: a readable diff, with its note. */
export function VersionChanges({ consultation }: { consultation: ConsultationView }) {
  const { changes, versions } = consultation;
  if (!changes) return null;
  const latest = versions.at(-1)!;
  return (
    <details className={styles.changes}>
      <summary>
        What changed in version {latest.number} ({dateText(latest.publishedAt)})
      </summary>
      {latest.note && <p className={styles.changeNote}>{latest.note}</p>}
      <p className={styles.legend}>
        <ins>Added words</ins> and <del>removed words</del> are marked; paragraphs that did not change are left out.
      </p>
      <ol className={styles.changeList}>
        {changes.map((change) => (
          <li key={change.kind === 'removed' ? `was-${change.was}` : `now-${change.number}`}>
            {change.kind === 'revised' && (
              <>
                <p className={styles.changeHeading}>
                  Paragraph {change.number}
                  {change.was !== change.number && ` (was ${change.was})`}: revised
                </p>
                <p>
                  {change.runs.map((run, index) =>
                    run.change === 'added' ? (
                      <ins key={index}>{run.text}</ins>
                    ) : run.change === 'removed' ? (
                      <del key={index}>{run.text}</del>
                    ) : (
                      <span key={index}>{run.text}</span>
                    ),
                  )}
                </p>
              </>
            )}
            {change.kind === 'added' && (
              <>
                <p className={styles.changeHeading}>Paragraph {change.number}: new</p>
                <p>
                  <ins>{change.text}</ins>
                </p>
              </>
            )}
            {change.kind === 'removed' && (
              <>
                <p className={styles.changeHeading}>
                  Paragraph {change.was} of version {latest.number - 1}: removed
                </p>
                <p>
                  <del>{change.text}</del>
                </p>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
