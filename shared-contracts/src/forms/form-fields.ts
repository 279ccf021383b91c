import * as z from 'zod/mini';

export const INVALID_EMAIL = 'Please enter a valid email address';

/** Trimmed text of at least `min` characters; `max` keeps abuse out of the database. */
export function textField(min: number, tooShort: string, max: number, tooLong: string) {
  return z.string(tooShort).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong));
}

/** Trimmed text of `min` to `max` characters, its messages naming `what` it is ("The title must be …"). */
export function namedTextField(min: number, max: number, what: string) {
  return textField(
    min,
    `${what} must be at least ${min} characters`,
    max,
    `${what} must be at most ${max.toLocaleString('en-US')} characters`,
  );
}

/**
 * An email address, trimmed and lower-cased so that one person is one address: uniqueness checks
 * in the database compare the normalised form.
 */
export function emailField(invalid = INVALID_EMAIL) {
  return z.string(invalid).check(z.trim(), z.toLowerCase(), z.maxLength(254, invalid), z.email(invalid));
}

/** A password being chosen. Never trimmed: every character a person types is part of it. */
export function newPasswordField() {
  return z
    .string('Password must be at least 8 characters')
    .check(
      z.minLength(8, 'Password must be at least 8 characters'),
      z.maxLength(256, 'Password must be at most 256 characters'),
    );
}

/** A checkbox that must be ticked, e.g. consent to the privacy policy. */
export function mustBeTrue(message: string) {
  return z.literal(true, message);
}

/** Each invalid field and its first message, as the forms show them and the gateway answers them. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export function fieldErrorsOf<T>(error: z.core.$ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** A form's rules as a page applies them: the valid form, or each invalid field's message in the form's own words. */
export interface FormRules<T> {
  check(values: unknown): { ok: true; data: T } | { ok: false; errors: Record<string, string> };
}

/** The rules of `schema` (the one the gateway applies), for a page's form. */
export function formRules<T>(schema: z.ZodMiniType<T>): FormRules<T> {
  return {
    check(values) {
      const result = schema.safeParse(values);
      return result.success
        ? { ok: true, data: result.data }
        : { ok: false, errors: fieldErrorsOf(result.error) as Record<string, string> };
    },
  };
}
