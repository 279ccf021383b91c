import { contactSubjects, type ContactMessage } from '@party/shared-contracts';
import { renderEmail, type RenderedEmail } from '../../platform/index.js';

/**
 * A contact message as it reaches the party's inbox; answering it replies to the visitor. Nothing
 * goes back to the address the visitor typed: the form must not be a way to email strangers.
 */
export function contactMessageEmail(
  message: Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'>,
  origin: string,
): RenderedEmail {
  const topic = contactSubjects.find((subject) => subject.value === message.subject)?.label ?? message.subject;
  return renderEmail(
    {
      subject: `Contact form · ${topic} · ${message.name}`.slice(0, 200),
      paragraphs: [`From: ${message.name} <${message.email}>`, `Subject: ${topic}`, ...message.message.split(/\n{2,}/)],
      footnote: `Sent from the contact form of ${origin}. The sender agreed to the privacy policy; reply to answer them.`,
    },
    origin,
  );
}
