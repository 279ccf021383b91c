import * as z from 'zod/mini';
import { emailField, newPasswordField } from './form-fields.js';
import { membershipTierIds, type MembershipTierId } from './form-choices.js';

const ENTER_PASSWORD = 'Please enter your password';
const password = () => z.string(ENTER_PASSWORD).check(z.minLength(1, ENTER_PASSWORD), z.maxLength(256, ENTER_PASSWORD));

export const memberSignInSchema = z.object({ email: emailField(), password: password() });
export type MemberSignIn = z.infer<typeof memberSignInSchema>;

/** Confirming a membership from its email asks for the password chosen when registering. */
export const membershipConfirmationSchema = z.object({ password: password() });
export type MembershipConfirmation = z.infer<typeof membershipConfirmationSchema>;

/** Asking for a password reset link. */
export const passwordResetRequestSchema = z.object({ email: emailField() });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Changing one's password while signed in (a member, or staff): the current one, then the new. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string('Please enter your current password')
    .check(
      z.minLength(1, 'Please enter your current password'),
      z.maxLength(256, 'Please enter your current password'),
    ),
  password: newPasswordField(),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** A new password, set from the reset link. */
export const newPasswordSchema = z.object({ password: newPasswordField() });
export type NewPassword = z.infer<typeof newPasswordSchema>;

export const memberTierChangeSchema = z.object({
  membershipTier: z.enum(membershipTierIds, 'Please select a membership tier'),
});
export type MemberTierChange = z.infer<typeof memberTierChangeSchema>;

/** What the member area shows of a membership (`GET /api/member`). */
export interface MemberAccount {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  region: string;
  postalCode: string;
  membershipTier: MembershipTierId;
  status: 'active' | 'cancelled';
  /** ISO 8601. */
  memberSince: string;
  cancelledAt: string | null;
}

/**
 * The answer to a password accepted (sign-in, or a reset): signed in, or, for a member who added a
 * second factor, that factor next (`passkey`: whether to offer one).
 */
export type MemberSignInAnswer = { signedIn: true } | { signedIn: false; step: 'factor'; passkey: boolean };
