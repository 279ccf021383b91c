export { INVALID_EMAIL, fieldErrorsOf, type FieldErrors } from './form-fields.js';
export { contactMessageSchema, contactSubjects, type ContactMessage, type ContactSubject } from './contact-message.js';
export {
  newsletterSubscriptionSchema,
  EMPTY_NEWSLETTER_EMAIL,
  type NewsletterSubscription,
  type NewsletterLinkReceipt,
} from './newsletter-subscription.js';
export {
  membershipRegistrationSchema,
  membershipTiers,
  membershipTierIds,
  findMembershipTier,
  type MembershipRegistration,
  type MembershipTier,
  type MembershipTierId,
} from './membership.js';
export { regionGroups, OTHER_REGION, type RegionGroup, type RegionOption } from './regions.js';
export {
  volunteerSignupSchema,
  volunteerInterests,
  volunteerAvailabilities,
  type VolunteerSignup,
} from './volunteer-signup.js';
export {
  memberSignInSchema,
  membershipConfirmationSchema,
  memberTierChangeSchema,
  passwordResetRequestSchema,
  newPasswordSchema,
  type PasswordResetRequest,
  type NewPassword,
  type MemberSignIn,
  type MembershipConfirmation,
  type MemberTierChange,
  type MemberAccount,
} from './member-account.js';
export { eventRegistrationSchema, type EventRegistration } from './event-registration.js';
export { staffSignInSchema, staffReplySchema, newsletterIssueSchema, type StaffReply, type NewsletterIssue } from './staff-console.js';
export { formEndpoints, type FormName, type FormReceipt, type FormErrorBody } from './form-endpoints.js';
