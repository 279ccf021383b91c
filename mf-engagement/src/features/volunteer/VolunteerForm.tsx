import { Link } from 'react-router';
import { volunteerAvailabilities, volunteerInterests } from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  raiseToast,
  CheckboxField,
  CheckboxGroup,
  RadioGroup,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import { FormSent } from '../../ui/FormSent';
import card from '../../ui/FormCard.module.css';
import { sendVolunteerSignup } from './volunteer-api';

export function VolunteerForm() {
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.volunteer),
    pageForm: 'volunteer',
    initialValues: { name: '', email: '', interests: [] as string[], availability: '', privacy: false },
    send: sendVolunteerSignup,
    onSuccess: () =>
      raiseToast({
        title: 'Thank you for volunteering!',
        description: 'We will match you with a team and be in touch within a week.',
      }),
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Failed to send your sign-up. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <form {...form.formProps} className={card.card} aria-labelledby="volunteer-form-heading">
      <h2 id="volunteer-form-heading" className={card.heading}>
        Sign up to volunteer
      </h2>
      <p className={card.note}>All fields are required. It takes a minute.</p>
      {form.pageFormField}
      <FormProblem message={form.problem} />
      <FormSent sendCount={form.sendCount} title="Thank you for volunteering">
        We will match you with a team and be in touch by email within a week.
      </FormSent>
      <div className={card.pair}>
        <TextField label="Full name" autoComplete="name" {...form.text('name')} />
        <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <CheckboxGroup
        label="Where would you like to help?"
        hint="Choose as many as you like."
        options={volunteerInterests}
        columns
        {...form.choices('interests')}
      />
      <RadioGroup
        label="When are you available?"
        options={volunteerAvailabilities}
        columns
        {...form.text('availability')}
      />
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/privacy">privacy policy</Link>: the party keeps my details to organise
            volunteering.
          </>
        }
        {...form.checkbox('privacy')}
      />
      <SubmitButton pending={form.pending} label="Sign Up to Volunteer" pendingLabel="Sending..." />
    </form>
  );
}
