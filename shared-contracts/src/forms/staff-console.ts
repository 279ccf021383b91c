import * as z from 'zod/mini';
import { RELEASE_VERSION } from '../remote-contract.js';
import { staffDuties, staffRoles } from '../staff.js';
import { emailField, textField } from './form-fields.js';
import { memberSignInSchema } from './member-account.js';

/** Staff sign in as members do: an email and a password (the fields and messages are the same). */
export const staffSignInSchema = memberSignInSchema;

/** A reply to a contact message, sent by email from the staff inbox. */
export const staffReplySchema = z.object({
  text: textField(
    10,
    'Your reply must be at least 10 characters',
    10_000,
    'Your reply must be at most 10,000 characters',
  ),
});
export type StaffReply = z.infer<typeof staffReplySchema>;

/**
 * A newsletter issue: a subject, and a body of plain paragraphs (an empty line between two). The
 * box ticked says that whoever sends it knows it goes to every confirmed subscriber at once.
 */
export const newsletterIssueSchema = z.object({
  subject: textField(5, 'The subject must be at least 5 characters', 150, 'The subject must be at most 150 characters'),
  body: textField(
    50,
    'The newsletter must be at least 50 characters',
    20_000,
    'The newsletter must be at most 20,000 characters',
  ),
  confirmed: z.literal(true, 'Please confirm that it goes to every confirmed subscriber'),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

const staffRole = () => z.enum(staffRoles, 'Please choose a role');

/** An administrator inviting someone: the invitation goes to the address, with a link to set a password. */
export const staffInviteSchema = z.object({
  name: textField(2, 'Please enter their full name', 100, 'The name must be at most 100 characters'),
  email: emailField(),
  role: staffRole(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

export const staffRoleChangeSchema = z.object({ role: staffRole() });
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;

/** The duties an administrator gives an account beyond its role (each at most once). */
export const staffDutiesChangeSchema = z.object({
  duties: z.array(z.enum(staffDuties)).check(z.maxLength(staffDuties.length)),
});
export type StaffDutiesChange = z.infer<typeof staffDutiesChangeSchema>;

/** Looking up everything held under an address, for a data request answered by staff. */
export const staffPersonLookupSchema = z.object({ email: emailField() });

/** Erasing, on someone's behalf, everything held under their address. */
export const staffPersonErasureSchema = z.object({
  email: emailField(),
  confirmed: z.literal(true, 'Please confirm that they asked for it, and that you checked it was them'),
});
export type StaffPersonErasure = z.infer<typeof staffPersonErasureSchema>;

/** Staff ask for a preview link of a published release (its remote is in the address). */
export const staffPreviewSchema = z.object({
  version: z.string().check(z.regex(RELEASE_VERSION, 'Choose a published release')),
});
export type StaffPreview = z.infer<typeof staffPreviewSchema>;
