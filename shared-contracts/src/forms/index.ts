export { INVALID_EMAIL, fieldErrorsOf, formRules, type FieldErrors, type FormRules } from './form-fields.js';
export {
  formPaths,
  pageFormNames,
  PAGE_FORM_FIELD,
  PAGE_FORM_SENT,
  pageFormAnchor,
  type PageFormName,
  EMPTY_NEWSLETTER_EMAIL,
  contactSubjects,
  volunteerInterests,
  volunteerAvailabilities,
  membershipTiers,
  membershipTierIds,
  findMembershipTier,
  type ContactSubject,
  type MembershipTier,
  type MembershipTierId,
} from './form-choices.js';
export { contactMessageSchema, type ContactMessage } from './contact-message.js';
export {
  newsletterSubscriptionSchema,
  type NewsletterSubscription,
  type NewsletterLinkReceipt,
} from './newsletter-subscription.js';
export {
  membershipRegistrationExample,
  membershipRegistrationSchema,
  type MembershipRegistration,
} from './membership.js';
export { regionGroups, OTHER_REGION, type RegionGroup, type RegionOption } from './regions.js';
export { volunteerSignupSchema, type VolunteerSignup } from './volunteer-signup.js';
export {
  memberSignInSchema,
  membershipConfirmationSchema,
  memberTierChangeSchema,
  passwordResetRequestSchema,
  newPasswordSchema,
  passwordChangeSchema,
  type PasswordChange,
  type PasswordResetRequest,
  type NewPassword,
  type MemberSignIn,
  type MembershipConfirmation,
  type MemberTierChange,
  type MemberAccount,
  type MemberSignInAnswer,
} from './member-account.js';
export { eventRegistrationSchema, type EventRegistration } from './event-registration.js';
export { dataRequestSchema, dataRequestKinds, type DataRequest, type DataRequestKind } from './data-request.js';
export {
  staffSignInSchema,
  staffReplySchema,
  staffPreviewSchema,
  newsletterIssueSchema,
  staffInviteSchema,
  staffRoleChangeSchema,
  staffDutiesChangeSchema,
  staffPersonErasureSchema,
  staffPersonLookupSchema,
  type StaffReply,
  type NewsletterIssue,
  type StaffInvite,
  type StaffRoleChange,
  type StaffDutiesChange,
  type StaffPersonErasure,
} from './staff-console.js';
export {
  formEndpoints,
  pageFormEndpoints,
  type FormName,
  type FormReceipt,
  type FormErrorBody,
} from './form-endpoints.js';
export {
  factorCodeSchema,
  factorLabelSchema,
  appFactorSchema,
  passkeySchema,
  RECOVERY_CODE_PATTERN,
  type FactorCode,
  type AppFactor,
  type Passkey,
} from './second-factor.js';
