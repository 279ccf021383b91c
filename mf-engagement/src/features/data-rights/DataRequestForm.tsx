import { useEffect, useRef, useState } from 'react';
import type { DataRequestKind } from '@party/shared-contracts';
import { failureDescription, FormProblem, RadioGroup, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import styles from './DataRights.module.css';
import { requestPersonalData } from './data-rights-api';

const requests: ReadonlyArray<{ value: DataRequestKind; label: string }> = [
  { value: 'copy', label: 'A copy of everything you hold about me' },
  { value: 'erasure', label: 'The erasure of everything you hold about me' },
];

/**
 * Anyone's request for their data or its erasure, member or not. The link that does it goes to the
 * address, so the answer is the same for any address and says nothing of what we hold.
 */
export function DataRequestForm() {
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.dataRequest),
    pageForm: 'dataRequest',
    initialValues: { email: '', request: '' },
    send: (request) => {
      setProblem(null);
      return requestPersonalData(request);
    },
    onSuccess: (request) => setSentTo(request.email),
    onFailure: (error) =>
      setProblem(failureDescription(error, 'We could not send the link just now. Please try again in a few minutes.')),
  });

  return (
    <form {...form.formProps} className={`${card.card} ${styles.card}`} aria-labelledby="data-request-heading">
      <h2 id="data-request-heading" className={card.heading}>
        Ask for your data
      </h2>
      {form.pageFormField}
      <FormProblem message={problem ?? form.problem} />
      {sentTo || form.sendCount > 0 ? (
        <p ref={sentRef} tabIndex={-1} role="status" className={styles.done}>
          We have emailed {sentTo ?? 'the address you gave'} a link that does what you asked. It works once, for one
          hour. If it does not arrive, look in your spam folder, or ask again in ten minutes.
        </p>
      ) : (
        <>
          <p className={styles.aside}>
            Enter the email address you gave us: when you joined, subscribed, wrote to us, volunteered, registered for
            an event or donated. To prove it is yours, we email it a link; nothing happens until it is followed.
          </p>
          <TextField label="Email address" type="email" autoComplete="email" {...form.text('email')} />
          <RadioGroup label="What are you asking for?" options={requests} {...form.text('request')} />
          <SubmitButton pending={form.pending} label="Email me the link" pendingLabel="Sending..." />
        </>
      )}
    </form>
  );
}
