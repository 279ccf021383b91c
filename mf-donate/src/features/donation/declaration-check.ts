import {
  declarationSchema,
  fieldErrorsOf,
  type AcceptingDonationTerms,
  type DonationDeclaration,
} from '@party/shared-contracts';

// Loaded when a donor submits a declaration: zod stays off the donate page's first visit.

export type DeclarationCheck =
  { ok: true; declaration: DonationDeclaration } | { ok: false; fieldErrors: Record<string, string> };

/** The declaration as the gateway will check it, with the privacy policy agreed to. */
export function checkDeclaration(
  terms: AcceptingDonationTerms,
  values: DonationDeclaration,
  privacy: boolean,
): DeclarationCheck {
  const parsed = declarationSchema(terms).safeParse(values);
  const fieldErrors: Record<string, string> = parsed.success
    ? {}
    : (fieldErrorsOf(parsed.error) as Record<string, string>);
  if (!privacy) fieldErrors.privacy = 'You must agree to the privacy policy';
  if (parsed.success && Object.keys(fieldErrors).length === 0)
    return { ok: true, declaration: parsed.data as DonationDeclaration };
  return { ok: false, fieldErrors };
}
