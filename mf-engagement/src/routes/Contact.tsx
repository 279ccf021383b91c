import { FaqList, PageFrame, PageHero } from '@party/shared-ui';
import { contactFaq } from '../features/contact/contact-details';
import { ContactForm } from '../features/contact/ContactForm';
import { ContactSidebar } from '../features/contact/ContactSidebar';
import styles from '../features/contact/Contact.module.css';
import NewsletterSignup from '../features/newsletter/NewsletterSignup';

const meta = {
  title: 'Contact Us',
  description:
    'Send the party a message, find our headquarters and local chapters, or subscribe to our monthly newsletter.',
};

export default function ContactPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Contact"
        heading="Talk to us."
        lead="Questions, ideas, press enquiries or criticism: a person reads every message, and we answer within two working days."
      />
      <div className={styles.layout}>
        <ContactForm />
        <ContactSidebar newsletterSignup={<NewsletterSignup idPrefix="contact" layout="panel" headingLevel={2} />} />
        <section id="faq" aria-labelledby="faq-heading" className={styles.faq}>
          <h2 id="faq-heading" className={styles.faqHeading}>
            Frequently asked questions
          </h2>
          <FaqList entries={contactFaq} />
        </section>
      </div>
    </PageFrame>
  );
}
