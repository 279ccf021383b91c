import {
  contactMessageSchema,
  dataRequestSchema,
  declarationOnBehalfSchema,
  donationRefundSchema,
  eventDraftSchema,
  eventRegistrationSchema,
  formRules,
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

export const contact = formRules(contactMessageSchema);
export const newsletter = formRules(newsletterSubscriptionSchema);
export const membership = formRules(membershipRegistrationSchema);
export const volunteer = formRules(volunteerSignupSchema);
export const eventRegistration = formRules(eventRegistrationSchema);
export const eventDraft = formRules(eventDraftSchema);
export const memberSignIn = formRules(memberSignInSchema);
export const passwordResetRequest = formRules(passwordResetRequestSchema);
export const membershipConfirmation = formRules(membershipConfirmationSchema);
export const newPassword = formRules(newPasswordSchema);
export const passwordChange = formRules(passwordChangeSchema);
export const staffSignIn = formRules(staffSignInSchema);
export const staffReply = formRules(staffReplySchema);
export const factorCode = formRules(factorCodeSchema);
export const appFactor = formRules(appFactorSchema);
export const factorLabel = formRules(factorLabelSchema);
export const staffInvite = formRules(staffInviteSchema);
export const staffPersonErasure = formRules(staffPersonErasureSchema);
export const newsletterIssue = formRules(newsletterIssueSchema);
export const dataRequest = formRules(dataRequestSchema);
export const donationRefund = formRules(donationRefundSchema);
export const declarationOnBehalf = (terms: Pick<AcceptingDonationTerms, 'declaration'>) =>
  formRules(declarationOnBehalfSchema(terms));
