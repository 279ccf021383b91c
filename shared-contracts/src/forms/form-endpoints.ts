import * as z from 'zod/mini';
import { contactMessageSchema } from './contact-message.js';
import { eventRegistrationSchema } from './event-registration.js';
import type { FieldErrors } from './form-fields.js';
import { formPaths, type PageFormName } from './form-choices.js';
import { dataRequestSchema } from './data-request.js';
import { donationLinks } from '../donations/donation-terms.js';
import { eventLinks } from '../events/party-events.js';
import { commentSchema } from '../consultations/consultation-schemas.js';
import { commentPublicationEndpoint, consultationCommentsEndpoint } from '../consultations/consultation-links.js';
import { dataRightsLinks, memberLinks, newsletterLinks } from '../site-links.js';
import {
  memberSignInSchema,
  membershipConfirmationSchema,
  newPasswordSchema,
  passwordResetRequestSchema,
} from './member-account.js';
import { membershipRegistrationSchema } from './membership.js';
import { newsletterSubscriptionSchema } from './newsletter-subscription.js';
import { volunteerSignupSchema } from './volunteer-signup.js';

/**
 * The form endpoints of the gateway and the schema each request body must satisfy, in the browser
 * before sending and in the gateway on arrival.
 */
export const formEndpoints = {
  contact: { path: formPaths.contact, schema: contactMessageSchema },
  newsletter: { path: formPaths.newsletter, schema: newsletterSubscriptionSchema },
  membership: { path: formPaths.membership, schema: membershipRegistrationSchema },
  volunteer: { path: formPaths.volunteer, schema: volunteerSignupSchema },
  eventRegistration: { path: formPaths.eventRegistration, schema: eventRegistrationSchema },
} as const;

export type FormName = keyof typeof formEndpoints;

/** A form of one button (an emailed link's, signing out): nothing is sent but its name. */
const buttonSchema = z.object({});

/**
 * The endpoint that each form a browser may post to its page (pageFormNames) is sent to (by POST,
 * unless it names another method), or, where the endpoint depends on the page (a consultation's
 * comments), the endpoint of the page's path. An emailed link's `?token=` stays in the page's
 * address, and so reaches the endpoint.
 */
export const pageFormEndpoints = {
  ...formEndpoints,
  dataRequest: { path: dataRightsLinks.requestEndpoint, schema: dataRequestSchema },
  memberSignIn: { path: memberLinks.sessionEndpoint, schema: memberSignInSchema },
  passwordResetRequest: { path: memberLinks.passwordResetEndpoint, schema: passwordResetRequestSchema },
  newPassword: { path: memberLinks.passwordEndpoint, schema: newPasswordSchema },
  membershipConfirmation: { path: memberLinks.confirmEndpoint, schema: membershipConfirmationSchema },
  newsletterConfirmation: { path: newsletterLinks.confirmEndpoint, schema: buttonSchema },
  newsletterUnsubscription: { path: newsletterLinks.unsubscribeEndpoint, schema: buttonSchema },
  dataErasure: { path: dataRightsLinks.erasureEndpoint, schema: buttonSchema },
  memberSignOut: { path: memberLinks.sessionEndpoint, method: 'DELETE', schema: buttonSchema },
  donationEmailConfirmation: { path: donationLinks.emailConfirmation, schema: buttonSchema },
  eventPlaceCancellation: { path: eventLinks.placeCancelEndpoint, schema: buttonSchema },
  eventPlaceAcceptance: { path: eventLinks.placeAcceptEndpoint, schema: buttonSchema },
  consultationComment: { path: consultationCommentsEndpoint, schema: commentSchema },
  commentPublication: { path: commentPublicationEndpoint, schema: buttonSchema },
} as const satisfies Record<PageFormName, unknown>;

/**
 * What every form endpoint answers on success (201). It is the same whether the email was new or
 * already known, so that the answer never reveals who is a member or a subscriber.
 */
export interface FormReceipt {
  received: true;
}

/** The JSON body of every failed request; `fieldErrors` comes with a 400. */
export interface FormErrorBody<T = Record<string, unknown>> {
  message: string;
  fieldErrors?: FieldErrors<T>;
}
