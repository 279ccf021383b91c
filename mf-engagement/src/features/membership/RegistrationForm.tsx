import { Link } from 'react-router';
import { membershipTiers, regionGroups } from '@party/shared-contracts';
import {
  ErrorSummary,
  CheckboxField,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextField,
  FormProblem,
} from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import type { useMembershipRegistration } from './useMembershipRegistration';
import styles from './Join.module.css';

const tierOptions = membershipTiers.map((tier) => ({
  value: tier.id,
  label: (
    <>
      <strong>{tier.title}</strong> · {tier.priceText}
    </>
  ),
}));

interface RegistrationFormProps {
  form: ReturnType<typeof useMembershipRegistration>;
}

export function RegistrationForm({ form }: RegistrationFormProps) {
  return (
    <form {...form.formProps} className={`${card.card} ${styles.form}`} aria-labelledby="registration-heading">
      <h2 id="registration-heading" className={card.heading} tabIndex={-1}>
        Membership registration
      </h2>
      <p className={card.note}>All fields are required.</p>
      {form.pageFormField}
      <FormProblem message={Object.keys(form.errors).length > 0 ? null : form.problem} />
      <ErrorSummary errors={form.errors} onSelect={form.focusField} />

      <fieldset className={styles.group}>
        <legend>Personal information</legend>
        <div className={card.pair}>
          <TextField label="First name" autoComplete="given-name" {...form.text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.text('lastName')} />
        </div>
        <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...form.text('password')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Address</legend>
        <TextField label="Street address" autoComplete="address-line1" {...form.text('address')} />
        <div className={card.pair}>
          <TextField label="City" autoComplete="address-level2" {...form.text('city')} />
          <TextField label="Postal/ZIP code" autoComplete="postal-code" {...form.text('zip')} />
        </div>
        <SelectField label="State/county/region" placeholder="Choose a region" {...form.text('state')}>
          {regionGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      </fieldset>

      <RadioGroup label="Membership level" options={tierOptions} columns {...form.text('membershipTier')} />

      <CheckboxField
        label={
          <>
            I agree to the <Link to="/terms">terms and conditions</Link> and the{' '}
            <Link to="/privacy">privacy policy</Link>.
          </>
        }
        {...form.checkbox('agreeToTerms')}
      />
      <SubmitButton pending={form.pending} label="Complete Registration" pendingLabel="Processing..." />
    </form>
  );
}
