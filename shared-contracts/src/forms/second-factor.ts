import * as z from 'zod/mini';
import { textField } from './form-fields.js';

// The second factor of a staff member, or of a member who added one: given as a code or a passkey,
// and added as an authenticator app or a passkey.

const CODE_NEEDED = 'Please enter the 6-digit code from your app, or one of your recovery codes';
const APP_CODE_NEEDED = 'Please enter the 6-digit code your app shows';

/** Spaces and dashes are how people copy codes; they are not part of one. */
const code = (message: string, pattern: RegExp) =>
  z.string(message).check(
    z.overwrite((value) => value.replace(/[\s-]/g, '').toLowerCase()),
    z.regex(pattern, message),
  );

/** A recovery code: 24 characters of base32 (120 random bits), shown in four groups of six. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{24}$/;

/** The second factor given as a code: the app's (six digits) or a recovery code. */
export const factorCodeSchema = z.object({ code: code(CODE_NEEDED, /^(\d{6}|[a-z2-7]{24})$/) });
export type FactorCode = z.infer<typeof factorCodeSchema>;

const factorLabel = () =>
  textField(
    1,
    'Please give it a name you will recognise, such as "Work laptop"',
    60,
    'The name must be at most 60 characters',
  );

/** A passkey's name, asked before the device makes it. */
export const factorLabelSchema = z.object({ label: factorLabel() });

/** An authenticator app being added: its first code proves it holds the secret. */
export const appFactorSchema = z.object({ code: code(APP_CODE_NEEDED, /^\d{6}$/), label: factorLabel() });
export type AppFactor = z.infer<typeof appFactorSchema>;

/** A passkey: the browser's WebAuthn answer as JSON (its shape is checked by the WebAuthn library). */
export const passkeySchema = z.object({
  response: z.looseObject({ id: z.string(), type: z.literal('public-key') }),
  label: z.optional(factorLabel()),
});
export type Passkey = z.infer<typeof passkeySchema>;
