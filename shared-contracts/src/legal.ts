/**
 * The versions of the documents visitors agree to, by the date each was last changed: the pages
 * show them, and the gateway records which one a person agreed to with every form.
 */
export const legalDocumentVersions = {
  'privacy-policy': '2026-11-29',
  'terms-of-use': '2026-11-22',
} as const;

export type LegalDocument = keyof typeof legalDocumentVersions;
