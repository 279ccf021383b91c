import { contactFaq } from './contact-details';

/** The five questions people ask most, as native disclosures: keyboard and screen reader work as is. */
export function ContactFaq() {
  return (
    <div className="faq-list">
      {contactFaq.map((entry) => (
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
