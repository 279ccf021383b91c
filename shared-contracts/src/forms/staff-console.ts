import * as z from 'zod/mini';
import { textField } from './form-fields.js';
import { memberSignInSchema } from './member-account.js';

/** Staff sign in as members do: an email and a password (the fields and messages are the same). */
export const staffSignInSchema = memberSignInSchema;

/** A reply to a contact message, sent by email from the staff inbox. */
export const staffReplySchema = z.object({
  text: textField(10, 'Your reply must be at least 10 characters', 10_000, 'Your reply must be at most 10,000 characters'),
});
export type StaffReply = z.infer<typeof staffReplySchema>;
