import { useId, type ReactNode } from 'react';
import styles from './FormFields.module.css';

interface FieldBase {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: string;
}

/** The message under a field. Referenced by the field's aria-describedby, so it is read with it. */
function FieldMessage({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={styles.error}>
      <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.errorIcon}>
        <path d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm-.75 3.5h1.5v4.5h-1.5V5Zm.75 7a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
      </svg>
      {error}
    </p>
  ) : null;
}

function describedBy(...ids: Array<string | false | undefined>) {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface TextFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'time' | 'datetime-local';
  autoComplete?: string;
  multiline?: boolean;
  /** Not announced as required (the form says it may be left empty). */
  optional?: boolean;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  multiline,
  optional = false,
}: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    name,
    value,
    autoComplete,
    'aria-required': !optional,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    className: 'text-control',
  } as const;
  return (
    <div className={styles.field} data-field>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={6} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

interface SelectFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete?: string;
  /** `<option>`s and `<optgroup>`s. */
  children: ReactNode;
}

export function SelectField({
  label,
  name,
  value,
  onChange,
  error,
  placeholder,
  autoComplete,
  children,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.field} data-field>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        aria-required
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && `${id}-error`)}
        className="text-control"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {children}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

interface CheckboxFieldProps extends FieldBase {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ label, name, checked, onChange, error }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={styles.field} data-field>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-required
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error && `${id}-error`)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

interface Choice {
  value: string;
  label: ReactNode;
}

interface ChoiceGroupProps extends FieldBase {
  options: readonly Choice[];
  /** Lay the choices out in columns when there is room. */
  columns?: boolean;
}

interface RadioGroupProps extends ChoiceGroupProps {
  value: string;
  onChange: (value: string) => void;
}

interface CheckboxGroupProps extends ChoiceGroupProps {
  values: string[];
  onChange: (values: string[]) => void;
}

interface ChoiceFieldsetProps extends ChoiceGroupProps {
  type: 'radio' | 'checkbox';
  isChecked: (value: string) => boolean;
  onToggle: (value: string, checked: boolean) => void;
}

/** A fieldset of radios or checkboxes: legend, hint, the choices, and the group's message. */
function ChoiceFieldset({
  type,
  name,
  options,
  isChecked,
  onToggle,
  label,
  hint,
  error,
  columns,
}: ChoiceFieldsetProps) {
  const id = useId();
  return (
    <fieldset
      className={styles.fieldset}
      data-field
      aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className={styles.label}>{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={columns ? `${styles.choices} ${styles.columns}` : styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type={type}
              name={name}
              value={option.value}
              checked={isChecked(option.value)}
              // A group's message is about what is not chosen: a ticked box is not wrong.
              aria-invalid={Boolean(error) && !isChecked(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function RadioGroup({ value, onChange, ...group }: RadioGroupProps) {
  return (
    <ChoiceFieldset
      type="radio"
      isChecked={(option) => option === value}
      onToggle={(option) => onChange(option)}
      {...group}
    />
  );
}

export function CheckboxGroup({ values, onChange, ...group }: CheckboxGroupProps) {
  return (
    <ChoiceFieldset
      type="checkbox"
      isChecked={(option) => values.includes(option)}
      onToggle={(option, checked) =>
        onChange(checked ? [...values, option] : values.filter((value) => value !== option))
      }
      {...group}
    />
  );
}

interface SubmitButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** Disabled for another reason than sending (nothing changed yet). */
  disabled?: boolean;
  /** A button that acts on its own rather than submitting its form. */
  onClick?: () => void;
}

/** Disabled and relabelled while the form is being sent (docs/product.md, section 4). */
export function SubmitButton({ pending, label, pendingLabel, disabled = false, onClick }: SubmitButtonProps) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className={`button button-primary ${styles.submit}`}
      disabled={pending || disabled}
      aria-busy={pending}
      onClick={onClick}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
