import styles from './LongForm.module.css';

export interface LongFormChapter {
  /** Also the anchor: `#<id>` scrolls to the chapter. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

interface LongFormProps {
  chapters: readonly LongFormChapter[];
  /** Shown under the contents, e.g. when the text was last updated. */
  note?: string;
}

/** A long document with its table of contents: the manifesto and the policies. */
export function LongForm({ chapters, note }: LongFormProps) {
  return (
    <div className={styles.layout}>
      <nav className={styles.contents} aria-labelledby="contents-heading">
        <h2 id="contents-heading">Contents</h2>
        <ol>
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              <a href={`#${chapter.id}`}>{chapter.heading}</a>
            </li>
          ))}
        </ol>
        {note && <p className={styles.note}>{note}</p>}
      </nav>
      <div className={styles.text}>
        {chapters.map((chapter) => (
          <section
            key={chapter.id}
            id={chapter.id}
            aria-labelledby={`${chapter.id}-heading`}
            className={styles.chapter}
          >
            <h2 id={`${chapter.id}-heading`}>{chapter.heading}</h2>
            {chapter.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {chapter.points && (
              <ul>
                {chapter.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
