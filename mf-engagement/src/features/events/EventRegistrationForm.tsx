import { useId } from 'react';
import { Link } from 'react-router';
import type { EventRegistrationProps } from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  raiseToast,
  CheckboxField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import { FormSent } from '../../ui/FormSent';
import card from '../../ui/FormCard.module.css';
import { registerForEvent } from './events-api';

/**
 * A place at one event, on the event's page (the content remote loads it through Module
 * Federation). Registering twice for one event is answered the same and keeps one place.
 */
export default function EventRegistrationForm({ eventId, eventTitle }: EventRegistrationProps) {
  const headingId = useId();
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.eventRegistration),
    pageForm: 'eventRegistration',
    initialValues: { eventId, name: '', email: '', privacy: false },
    send: registerForEvent,
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Failed to register. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <form {...form.formProps} className={card.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={card.heading}>
        Register for this event
      </h2>
      <p className={card.note}>Free and open to everyone. All fields are required.</p>
      {form.pageFormField}
      <input type="hidden" name="eventId" value={eventId} />
      <FormProblem message={form.problem} />
      <FormSent sendCount={form.sendCount} title="You're registered">
        Your place at {eventTitle} is saved. Registering someone else? Use the form again.
      </FormSent>
      <div className={card.pair}>
        <TextField label="Full name" autoComplete="name" {...form.text('name')} />
        <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/privacy">privacy policy</Link>: the party keeps my registration for a year.
          </>
        }
        {...form.checkbox('privacy')}
      />
      <SubmitButton pending={form.pending} label="Register" pendingLabel="Registering..." />
    </form>
  );
}
