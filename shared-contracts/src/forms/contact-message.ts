import * as z from 'zod/mini';
import { contactSubjects, type ContactSubject } from './form-choices.js';
import { emailField, mustBeTrue, textField } from './form-fields.js';

const SELECT_SUBJECT = 'Please select a subject';
const subjectValues = contactSubjects.map((subject) => subject.value) as [ContactSubject, ...ContactSubject[]];

/** A message sent from the Contact page (docs/product.md, section 5). */
export const contactMessageSchema = z.object({
  name: textField(2, 'Name must be at least 2 characters', 100, 'Name must be at most 100 characters'),
  email: emailField(),
  subject: z.enum(subjectValues, SELECT_SUBJECT),
  message: textField(10, 'Message must be at least 10 characters', 5000, 'Message must be at most 5000 characters'),
  privacy: mustBeTrue('You must agree to the privacy policy'),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
