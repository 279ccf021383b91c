import {
  donationLinks,
  type DonationPledge,
  type DonationPledgeReceipt,
  type DonationReport,
  type DonationReportReceipt,
} from '@party/shared-contracts';
import { ApiError, apiRequest, failureDescription, serverFieldErrors } from '@party/shared-ui';

/** What the gateway said to a pledge: accepted, with what the wallet is to sign, or why not (as the donor should read it). */
export type PledgeAnswer =
  | { kind: 'pledged'; pledge: string; typedData: DonationPledgeReceipt['typedData'] }
  | { kind: 'declaration-required'; message: string }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'refused'; message: string };

/** The gateway's JSON answer to a refused request, when it sent one. */
const refusalOf = (error: unknown): { status: number; body: Record<string, unknown> } | null =>
  error instanceof ApiError ? { status: error.status, body: (error.json ?? {}) as Record<string, unknown> } : null;

const FAILED = 'Failed to process your donation. Please try again.';

/** Tells the gateway what is about to be sent, before the wallet is asked for anything. */
export async function requestPledge(pledge: DonationPledge): Promise<PledgeAnswer> {
  try {
    const receipt = await apiRequest<DonationPledgeReceipt>('POST', donationLinks.pledges, pledge);
    return { kind: 'pledged', pledge: receipt.pledge, typedData: receipt.typedData };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal?.status === 422 && refusal.body.declarationRequired === true)
      return { kind: 'declaration-required', message: failureDescription(error, '') };
    const fieldErrors = serverFieldErrors(error);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
    return { kind: 'refused', message: failureDescription(error, FAILED) };
  }
}

export type SignatureAnswer = { kind: 'signed' } | { kind: 'refused'; message: string };

/** Gives the gateway the wallet's signature of the pledge: only a signed pledge can be fulfilled. */
export async function sendSignature(pledge: string, signature: string): Promise<SignatureAnswer> {
  try {
    await apiRequest('POST', `${donationLinks.pledges}/${pledge}/signature`, { signature });
    return { kind: 'signed' };
  } catch (error) {
    return { kind: 'refused', message: failureDescription(error, FAILED) };
  }
}

/**
 * Tells the gateway nothing was sent (the donor declined in their wallet), so that the pledge stops
 * counting toward their cap at once rather than when it expires. Best effort: it expires anyway.
 */
export async function withdrawPledge(pledge: string): Promise<void> {
  await apiRequest('POST', `${donationLinks.pledges}/${pledge}/withdrawal`, {}).catch(() => undefined);
}

export type ReportAnswer =
  { kind: 'recorded'; receipt: DonationReportReceipt } | { kind: 'not-recorded'; message: string };

const REPORT_ATTEMPTS = 3;

/**
 * Gives the gateway the broadcast transaction's hash, to verify and record. A network failure or a
 * busy gateway is tried again (three times in all): the donation is on its way whatever it answers.
 */
export async function reportDonation(report: DonationReport, retryAfterMs = 1_000): Promise<ReportAnswer> {
  let message = 'We could not record your donation just now.';
  for (let attempt = 1; attempt <= REPORT_ATTEMPTS; attempt += 1) {
    try {
      return {
        kind: 'recorded',
        receipt: await apiRequest<DonationReportReceipt>('POST', donationLinks.reports, report),
      };
    } catch (error) {
      // Offline for a moment, or the gateway busy: tried again below; refused: said at once.
      message = failureDescription(error, message);
      const refusal = refusalOf(error);
      if (refusal && refusal.status < 500) break;
    }
    if (attempt < REPORT_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, retryAfterMs * attempt));
  }
  return { kind: 'not-recorded', message };
}
