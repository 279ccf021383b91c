import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/shallow';
import { type AcceptingDonationTerms, declarationFields, formatMoney } from '@party/shared-contracts';
import { CheckboxField, CheckboxGroup, TextField } from '@party/shared-ui';
import { useDonationStore } from './useDonationStore';
import styles from './Declaration.module.css';

/**
 * Who is giving, as the party's donation rules require it to know before it accepts a donation: the
 * fields they name, their affirmations, and the privacy policy, built with the shared form kit.
 * Errors are tied to their fields and focus moves to the first one on each refused submission.
 */
export function DeclarationFields({ terms, disabled }: { terms: AcceptingDonationTerms; disabled: boolean }) {
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const {
    declaration,
    affirmations,
    privacy,
    fieldErrors,
    notice,
    refusals,
    setDeclarationField,
    setAffirmations,
    setPrivacy,
  } = useDonationStore(
    useShallow((state) => ({
      declaration: state.declaration,
      affirmations: state.affirmations,
      privacy: state.privacy,
      fieldErrors: state.fieldErrors,
      notice: state.declarationNotice,
      refusals: state.refusals,
      setDeclarationField: state.setDeclarationField,
      setAffirmations: state.setAffirmations,
      setPrivacy: state.setPrivacy,
    })),
  );

  useEffect(() => {
    if (refusals === 0) return;
    const first =
      groupRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      groupRef.current?.querySelector<HTMLElement>('input');
    first?.focus();
  }, [refusals]);

  const why =
    terms.declarationThreshold === 0
      ? 'The law requires us to know who gives to a political party.'
      : `The law requires us to know who gives more than ${formatMoney(terms.declarationThreshold, terms.currency, { whole: true })}.`;

  return (
    <fieldset ref={groupRef} className={styles.declaration} disabled={disabled}>
      <legend className={styles.legend}>Your declaration</legend>
      <p className={styles.intro}>
        {why} We publish only what the law requires (see our <Link to="/donate/ledger">public ledger</Link>); the rest
        stays with our treasurer.
      </p>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <div className={styles.fields}>
        {terms.declaration.fields.map((field) => {
          const { label, autoComplete } = declarationFields[field];
          return (
            <TextField
              key={field}
              label={label}
              name={field}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={autoComplete}
              value={declaration[field] ?? ''}
              error={fieldErrors[field]}
              onChange={(value) => setDeclarationField(field, value)}
            />
          );
        })}
      </div>
      <CheckboxGroup
        label="I confirm that:"
        name="affirmations"
        options={terms.declaration.affirmations.map((affirmation) => ({
          value: affirmation.id,
          label: affirmation.text,
        }))}
        values={affirmations}
        error={fieldErrors.affirmations}
        onChange={setAffirmations}
      />
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/privacy">privacy policy</Link>: the party keeps this declaration with my donation
            for as long as the law requires.
          </>
        }
        name="privacy"
        checked={privacy}
        error={fieldErrors.privacy}
        onChange={setPrivacy}
      />
    </fieldset>
  );
}
