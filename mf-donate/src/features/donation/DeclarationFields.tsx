import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/shallow';
import { type AcceptingDonationTerms, declarationFields, formatMoney } from '@party/shared-contracts';
import { useDonationStore } from './useDonationStore';
import styles from './Declaration.module.css';

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

/**
 * Who is giving, as the party's donation rules require it to know before it accepts a donation: the
 * fields they name, their affirmations, and the privacy policy. Errors are tied to their fields and
 * focus moves to the first one on each refused submission.
 */
export function DeclarationFields({ terms, disabled }: { terms: AcceptingDonationTerms; disabled: boolean }) {
  const id = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const {
    declaration,
    affirmations,
    privacy,
    fieldErrors,
    notice,
    refusals,
    setDeclarationField,
    setAffirmation,
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
      setAffirmation: state.setAffirmation,
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

  const errorId = (field: string) => `${id}-${field}-error`;
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
          const error = fieldErrors[field];
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <input
                id={`${id}-${field}`}
                name={field}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete={autoComplete}
                className="text-control"
                value={declaration[field] ?? ''}
                aria-required
                aria-invalid={Boolean(error)}
                aria-describedby={error ? errorId(field) : undefined}
                onChange={(event) => setDeclarationField(field, event.target.value)}
              />
              <ErrorText id={errorId(field)} error={error} />
            </div>
          );
        })}
      </div>
      <div
        className={styles.checks}
        role="group"
        aria-labelledby={`${id}-affirm`}
        aria-describedby={fieldErrors.affirmations ? errorId('affirmations') : undefined}
      >
        <p id={`${id}-affirm`} className={styles.checksHeading}>
          I confirm that:
        </p>
        {terms.declaration.affirmations.map((affirmation) => (
          <label key={affirmation.id} className={styles.check}>
            <input
              type="checkbox"
              name="affirmations"
              value={affirmation.id}
              checked={affirmations.includes(affirmation.id)}
              aria-invalid={Boolean(fieldErrors.affirmations) && !affirmations.includes(affirmation.id)}
              onChange={(event) => setAffirmation(affirmation.id, event.target.checked)}
            />
            <span>{affirmation.text}</span>
          </label>
        ))}
        <ErrorText id={errorId('affirmations')} error={fieldErrors.affirmations} />
      </div>
      <div className={styles.check}>
        <input
          id={`${id}-privacy`}
          type="checkbox"
          name="privacy"
          checked={privacy}
          aria-required
          aria-invalid={Boolean(fieldErrors.privacy)}
          aria-describedby={fieldErrors.privacy ? errorId('privacy') : undefined}
          onChange={(event) => setPrivacy(event.target.checked)}
        />
        <label htmlFor={`${id}-privacy`}>
          I agree to the <Link to="/privacy">privacy policy</Link>: the party keeps this declaration with my donation
          for as long as the law requires.
        </label>
      </div>
      <ErrorText id={errorId('privacy')} error={fieldErrors.privacy} />
    </fieldset>
  );
}
