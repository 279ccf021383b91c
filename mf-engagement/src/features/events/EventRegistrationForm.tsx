import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EventPlaceAnswer, EventRegistrationProps } from '@party/shared-contracts';
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

/** The answer of a registration the browser posted itself: said in the address it came back to. */
function answerInAddress(search: URLSearchParams): EventPlaceAnswer {
  const position = Number(search.get('position'));
  return search.get('place') === 'waitlisted' && position > 0
    ? { status: 'waitlisted', position }
    : { status: 'confirmed' };
}

/**
 * A place at one event, on the event's page (the content remote loads it through Module
 * Federation): confirmed while places remain, else in the waitlist's queue, and it says which.
 * Registering twice for one event keeps one place. The visitor's time zone goes with it, so that
 * reminders give the time where they are too.
 */
export default function EventRegistrationForm({ eventId, eventTitle, registration }: EventRegistrationProps) {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const [answer, setAnswer] = useState<EventPlaceAnswer>(() => answerInAddress(searchParams));
  const full = registration.state === 'waitlist';
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.eventRegistration),
    pageForm: 'eventRegistration',
    initialValues: { eventId, name: '', email: '', privacy: false },
    send: async (registered) =>
      setAnswer(await registerForEvent({ ...registered, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
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
        {full ? 'Join the waitlist' : 'Register for this event'}
      </h2>
      <p className={card.note}>
        {full
          ? 'This event is full. Join the waitlist and we will email you if a place comes free. All fields are required.'
          : 'Free and open to everyone. All fields are required.'}
      </p>
      {form.pageFormField}
      <input type="hidden" name="eventId" value={eventId} />
      <FormProblem message={form.problem} />
      {answer.status === 'waitlisted' ? (
        <FormSent sendCount={form.sendCount} title="You're on the waitlist">
          {eventTitle} is full: you are number {answer.position} in the queue. We will email you if a place comes free.
        </FormSent>
      ) : (
        <FormSent sendCount={form.sendCount} title="You're registered">
          Your place at {eventTitle} is confirmed. We have emailed you the details, your check-in code and a calendar
          entry. Registering someone else? Use the form again.
        </FormSent>
      )}
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
      <SubmitButton
        pending={form.pending}
        label={full ? 'Join the waitlist' : 'Register'}
        pendingLabel={full ? 'Joining...' : 'Registering...'}
      />
    </form>
  );
}
