import { useRef } from 'react';
import {
  declarationFields,
  type AcceptingDonationTerms,
  type DonationResolution,
  type DeclarationFieldId,
  type StaffDonationRow,
} from '@party/shared-contracts';
import {
  raiseToast,
  siteSettings,
  failureDescription,
  CheckboxField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '@party/shared-ui';
import styles from './Staff.module.css';
import * as donationsApi from './api/donations';

const failed = (error: unknown) =>
  raiseToast({
    title: 'Not resolved',
    description: failureDescription(error, 'The donation could not be resolved. Please try again.'),
    variant: 'destructive',
  });

/** What to send back, said plainly: the least the law asks, from where, to whom. */
function refundHint(row: StaffDonationRow): string {
  const least = row.toReturnEth ?? row.amountEth;
  const excess =
    row.attention.includes('over-cap') && row.toReturnEth !== null && row.toReturnEth !== row.amountEth
      ? ', the excess over the cap,'
      : '';
  return `First send back at least ${least} ETH${excess} from the receiving address to ${row.sender}. Refunds in several transactions add up.`;
}

/** Records a refund, once it is on chain (the gateway checks it there): the whole, or the excess over the cap. */
function RecordReturn({ row, onResolved }: { row: StaffDonationRow; onResolved: () => void }) {
  const said = useRef('');
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.donationRefund),
    initialValues: { refundHash: '' },
    send: async ({ refundHash }) => {
      said.current = (await donationsApi.resolveDonation(row.id, { resolution: 'returned', refundHash })).message;
    },
    onSuccess: () => {
      raiseToast({ title: 'Refund recorded', description: said.current });
      onResolved();
    },
    onFailure: failed,
  });
  return (
    <form {...form.formProps} aria-label={`Record a refund of donation ${row.id}`} className={styles.reply}>
      <TextField label="Refund transaction hash" hint={refundHint(row)} {...form.text('refundHash')} />
      <SubmitButton pending={form.pending} label="Record the refund" pendingLabel="Checking..." />
    </form>
  );
}

/** Declares an undeclared transfer on its donor's behalf, from their written declaration. */
function DeclareOnBehalf({
  row,
  terms,
  onResolved,
}: {
  row: StaffDonationRow;
  terms: AcceptingDonationTerms;
  onResolved: () => void;
}) {
  const fields = terms.declaration.fields;
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.declarationOnBehalf(terms)),
    initialValues: {
      ...(Object.fromEntries(fields.map((field) => [field, ''])) as Record<DeclarationFieldId, string>),
      confirmed: false,
    },
    send: (values) => {
      const declared = Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'confirmed'));
      return donationsApi
        .resolveDonation(row.id, {
          resolution: 'declared',
          declaration: {
            ...declared,
            affirmations: terms.declaration.affirmations.map((affirmation) => affirmation.id),
          },
        } as DonationResolution)
        .then(() => undefined);
    },
    onSuccess: () => {
      raiseToast({ title: 'Declaration recorded', description: 'The transfer is declared.' });
      onResolved();
    },
    onFailure: failed,
  });
  return (
    <form {...form.formProps} aria-label={`Declare donation ${row.id}`} className={styles.reply}>
      {fields.map((field) => (
        <TextField key={field} label={declarationFields[field].label} {...form.text(field)} />
      ))}
      <CheckboxField
        label={`The donor confirmed in writing: ${terms.declaration.affirmations.map((affirmation) => affirmation.text).join(' ')}`}
        {...form.checkbox('confirmed')}
      />
      <SubmitButton pending={form.pending} label="Record the declaration" pendingLabel="Saving..." />
    </form>
  );
}

/** What the treasurer can do about a donation that needs action. */
export function ResolveDonation({ row, onResolved }: { row: StaffDonationRow; onResolved: () => void }) {
  const terms = siteSettings()?.donations;
  return (
    <div className={styles.resolve}>
      {row.toReturnEth !== null && (
        <section aria-label="Return it">
          <h4>Return it</h4>
          <RecordReturn row={row} onResolved={onResolved} />
        </section>
      )}
      {row.attention.includes('undeclared') && !row.attention.includes('closed') && terms?.accepting && (
        <section aria-label="Or declare it">
          <h4>Or declare it, from the donor’s written declaration</h4>
          <DeclareOnBehalf row={row} terms={terms} onResolved={onResolved} />
        </section>
      )}
    </div>
  );
}
