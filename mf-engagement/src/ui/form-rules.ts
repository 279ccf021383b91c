import type * as z from 'zod/mini';
import {
  contactMessageSchema,
  dataRequestSchema,
  declarationOnBehalfSchema,
  donationRefundSchema,
  eventRegistrationSchema,
  fieldErrorsOf,
  memberSignInSchema,
  membershipConfirmationSchema,
  membershipRegistrationSchema,
  newPasswordSchema,
  passwordChangeSchema,
  newsletterIssueSchema,
  newsletterSubscriptionSchema,
  passwordResetRequestSchema,
  appFactorSchema,
  factorCodeSchema,
  factorLabelSchema,
  staffInviteSchema,
  staffPersonErasureSchema,
  staffReplySchema,
  staffSignInSchema,
  volunteerSignupSchema,
  type AcceptingDonationTerms,
} from '@party/shared-contracts';

// The rules of this remote's forms (the shared schemas, the ones the gateway applies), in a chunk of
// their own with zod: a page loads them when a visitor starts on a form (useSchemaForm), not with the
// page, so that no first visit pays for the validation library (~7 kB gzip).

/** A form's rules: the valid form, or each invalid field's message in the form's own words. */
export interface FormRules<T> {
  check(values: unknown): { ok: true; data: T } | { ok: false; errors: Record<string, string> };
}

function rulesOf<T>(schema: z.ZodMiniType<T>): FormRules<T> {
  return {
    check(values) {
      const result = schema.safeParse(values);
      return result.success
        ? { ok: true, data: result.data }
        : { ok: false, errors: fieldErrorsOf(result.error) as Record<string, string> };
    },
  };
}

export const contact = rulesOf(contactMessageSchema);
export const newsletter = rulesOf(newsletterSubscriptionSchema);
export const membership = rulesOf(membershipRegistrationSchema);
export const volunteer = rulesOf(volunteerSignupSchema);
export const eventRegistration = rulesOf(eventRegistrationSchema);
export const memberSignIn = rulesOf(memberSignInSchema);
export const passwordResetRequest = rulesOf(passwordResetRequestSchema);
export const membershipConfirmation = rulesOf(membershipConfirmationSchema);
export const newPassword = rulesOf(newPasswordSchema);
export const passwordChange = rulesOf(passwordChangeSchema);
export const staffSignIn = rulesOf(staffSignInSchema);
export const staffReply = rulesOf(staffReplySchema);
export const factorCode = rulesOf(factorCodeSchema);
export const appFactor = rulesOf(appFactorSchema);
export const factorLabel = rulesOf(factorLabelSchema);
export const staffInvite = rulesOf(staffInviteSchema);
export const staffPersonErasure = rulesOf(staffPersonErasureSchema);
export const newsletterIssue = rulesOf(newsletterIssueSchema);
export const dataRequest = rulesOf(dataRequestSchema);
export const donationRefund = rulesOf(donationRefundSchema);
export const declarationOnBehalf = (terms: Pick<AcceptingDonationTerms, 'declaration'>) =>
  rulesOf(declarationOnBehalfSchema(terms));
