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
  PARAGRAPH_KEY,
  passwordResetRequestSchema,
  appFactorSchema,
  consultationDraftSchema,
  consultationResponseSchema,
  consultationVersionSchema,
  factorCodeSchema,
  factorLabelSchema,
  staffInviteSchema,
  staffPersonErasureSchema,
  staffReplySchema,
  staffSignInSchema,
  volunteerSignupSchema,
  type AcceptingDonationTerms,
  type FormRules,
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

/**
 * The rules of a schema for a form whose lists are typed as text: `typed` reads the form as the
 * schema takes it; a message on a list the form shows under another name goes there (`shownAs`).
 */
const typedAs = <T>(
  rules: FormRules<T>,
  typed: (values: Record<string, unknown>) => unknown,
  shownAs: Record<string, string> = {},
): FormRules<T> => ({
  check(values) {
    const result = rules.check(typed(values as Record<string, unknown>));
    if (result.ok) return result;
    return {
      ok: false,
      errors: Object.fromEntries(
        Object.entries(result.errors).map(([name, message]) => [shownAs[name] ?? name, message]),
      ),
    };
  },
});
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A draft as staff type it: its paragraphs apart by an empty line. */
const paragraphsIn = (value: unknown) =>
  text(value)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ text: paragraph }));
const linesIn = (value: unknown) =>
  text(value)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
/** A link as staff type it on its own line: its title, then its address. */
const evidenceIn = (line: string) => {
  const [, label = line, url = ''] = /^(.*?)\s*(\S+:\/\/\S+)$/.exec(line) ?? [];
  return { label, url };
};

export const consultationDraft = typedAs(formRules(consultationDraftSchema), (values) => ({
  ...values,
  paragraphs: paragraphsIn(values.paragraphs),
}));
/**
 * A new version: each paragraph's text beside its key (a new one's, the form's own, is not sent: the
 * gateway gives it one); an emptied paragraph is left out.
 */
export const consultationVersion = typedAs(
  formRules(consultationVersionSchema),
  (values) => {
    const keys = Array.isArray(values.keys) ? (values.keys as string[]) : [];
    const texts = Array.isArray(values.texts) ? (values.texts as string[]) : [];
    return {
      note: values.note,
      paragraphs: texts.flatMap((typed, index) =>
        typed.trim() ? [{ ...(PARAGRAPH_KEY.test(keys[index] ?? '') ? { key: keys[index] } : {}), text: typed }] : [],
      ),
    };
  },
  { paragraphs: 'texts' },
);
export const consultationResponse = typedAs(formRules(consultationResponseSchema), (values) => ({
  themes: linesIn(values.themes),
  decision: values.decision,
  evidence: linesIn(values.evidence).map(evidenceIn),
}));
