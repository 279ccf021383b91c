export interface FaqEntry {
  /** Also the anchor: a link to `#<id>` opens at this question. */
  id: string;
  question: string;
  answer: string;
}

/** Questions and answers as native disclosures: keyboard and screen readers work as is (styles: shared page layout). */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div className="faq-list">
      {entries.map((entry) => (
        <details key={entry.id} id={entry.id} className="faq-entry">
          <summary>
            <h3 className="faq-question">{entry.question}</h3>
          </summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
