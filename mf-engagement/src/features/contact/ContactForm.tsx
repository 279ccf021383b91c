import { useId } from 'react';
import { Link } from 'react-router';
import { contactSubjects } from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  raiseToast,
  CheckboxField,
  SelectField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import { FormSent } from '../../ui/FormSent';
import card from '../../ui/FormCard.module.css';
import { sendContactMessage } from './contact-api';

export function ContactForm() {
  const headingId = useId();
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.contact),
    pageForm: 'contact',
    initialValues: { name: '', email: '', subject: '', message: '', privacy: false },
    send: sendContactMessage,
    onSuccess: () => raiseToast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." }),
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <form {...form.formProps} className={card.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={card.heading}>
        Send us a message
      </h2>
      <p className={card.note}>All fields are required. We answer within two working days.</p>
      {form.pageFormField}
      <FormProblem message={form.problem} />
      <FormSent sendCount={form.sendCount} title="Message sent">
        Thank you. A person on our team reads every message and will reply by email within two working days.
      </FormSent>
      <div className={card.pair}>
        <TextField label="Full name" autoComplete="name" {...form.text('name')} />
        <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <SelectField label="Subject" placeholder="Choose a subject" {...form.text('subject')}>
        {contactSubjects.map((subject) => (
          <option key={subject.value} value={subject.value}>
            {subject.label}
          </option>
        ))}
      </SelectField>
      <TextField label="Message" multiline {...form.text('message')} />
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/privacy">privacy policy</Link>: the party keeps my message to answer it.
          </>
        }
        {...form.checkbox('privacy')}
      />
      <SubmitButton pending={form.pending} label="Send Message" pendingLabel="Sending..." />
    </form>
  );
}
