import {
  donationLinks,
  type DonationPledge,
  type DonationPledgeReceipt,
  type DonationReport,
  type DonationReportReceipt,
} from '@party/shared-contracts';

/** What the gateway said to a pledge: accepted, with what the wallet is to sign, or why not (as the donor should read it). */
export type PledgeAnswer =
  | { kind: 'pledged'; pledge: string; typedData: DonationPledgeReceipt['typedData'] }
  | { kind: 'declaration-required'; message: string }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'refused'; message: string };

async function postJson(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    return { status: response.status, body: { message: text } };
  }
}

const messageOf = (body: Record<string, unknown>, fallback: string) =>
  typeof body.message === 'string' && body.message ? body.message : fallback;

/** Tells the gateway what is about to be sent, before the wallet is asked for anything. */
export async function requestPledge(pledge: DonationPledge): Promise<PledgeAnswer> {
  const { status, body } = await postJson(donationLinks.pledges, pledge);
  if (status === 201 && typeof body.pledge === 'string' && body.typedData)
    return { kind: 'pledged', pledge: body.pledge, typedData: body.typedData as DonationPledgeReceipt['typedData'] };
  if (status === 422 && body.declarationRequired === true)
    return { kind: 'declaration-required', message: messageOf(body, '') };
  if (status === 400 && body.fieldErrors && typeof body.fieldErrors === 'object')
    return { kind: 'invalid', fieldErrors: body.fieldErrors as Record<string, string> };
  return { kind: 'refused', message: messageOf(body, 'Failed to process your donation. Please try again.') };
}

export type SignatureAnswer = { kind: 'signed' } | { kind: 'refused'; message: string };

/** Gives the gateway the wallet's signature of the pledge: only a signed pledge can be fulfilled. */
export async function sendSignature(pledge: string, signature: string): Promise<SignatureAnswer> {
  const { status, body } = await postJson(`${donationLinks.pledges}/${pledge}/signature`, { signature });
  return status === 204
    ? { kind: 'signed' }
    : { kind: 'refused', message: messageOf(body, 'Failed to process your donation. Please try again.') };
}

/**
 * Tells the gateway nothing was sent (the donor declined in their wallet), so that the pledge stops
 * counting toward their cap at once rather than when it expires. Best effort: it expires anyway.
 */
export async function withdrawPledge(pledge: string): Promise<void> {
  await postJson(`${donationLinks.pledges}/${pledge}/withdrawal`, {}).catch(() => undefined);
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
      const { status, body } = await postJson(donationLinks.reports, report);
      if (status === 201) return { kind: 'recorded', receipt: body as unknown as DonationReportReceipt };
      message = messageOf(body, message);
      if (status < 500) break;
    } catch {
      // Offline for a moment: tried again below.
    }
    if (attempt < REPORT_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, retryAfterMs * attempt));
  }
  return { kind: 'not-recorded', message };
}
