import { useId } from 'react';
import styles from './ErrorSummary.module.css';

interface ErrorSummaryProps<Name extends string> {
  /** The form's field messages, in the order of the fields. */
  errors: Partial<Record<Name, string>>;
  onSelect: (name: Name) => void;
}

/**
 * The problems of a long form, listed at its top (the GOV.UK pattern): it takes the focus after a
 * failed submit (see useSchemaForm), and each message links to its field, whose own message stays.
 */
export function ErrorSummary<Name extends string>({ errors, onSelect }: ErrorSummaryProps<Name>) {
  const headingId = useId();
  const problems = Object.entries(errors).filter((entry): entry is [Name, string] => Boolean(entry[1]));
  if (problems.length === 0) return null;
  return (
    <div data-error-summary tabIndex={-1} aria-labelledby={headingId} className={styles.summary}>
      <h3 id={headingId} className={styles.heading}>
        There is a problem
      </h3>
      <ul className={styles.list}>
        {problems.map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${name}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(name);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
