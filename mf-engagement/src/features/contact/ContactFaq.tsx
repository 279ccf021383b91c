import { contactFaq } from './contact-details';
import styles from './Contact.module.css';

/** The five questions people ask most, as native disclosures: keyboard and screen reader work as is. */
export function ContactFaq() {
  return (
    <div className={styles.faq}>
      {contactFaq.map((entry) => (
        <details key={entry.id} id={entry.id} className={styles.faqEntry}>
          <summary>
            <h3 className={styles.question}>{entry.question}</h3>
          </summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
