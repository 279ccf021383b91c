import { expect } from '@playwright/test';
import { formPaths, memberLinks, type MembershipTierId } from '@party/shared-contracts';
import { requiredEnv } from './fixtures';
import { linkTo, mailTo } from './loopback-mailbox';

const postJson = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });

/** Registers a membership as the join page sends it; returns the confirmation link of its email. */
export async function joinedMember(
  baseUrl: string,
  { email, password, tier }: { email: string; password: string; tier: MembershipTierId },
): Promise<URL> {
  const joined = await postJson(baseUrl, formPaths.membership, {
    ...{ firstName: 'Grace', lastName: 'Hopper', email, password, address: '1 Main Street' },
    ...{ city: 'Denver', state: 'CO', zip: '80202', membershipTier: tier, agreeToTerms: true },
  });
  expect(joined.status).toBe(201);
  return new URL(linkTo((await mailTo(requiredEnv('E2E_MAIL_DIR'), email))[0]!, '/membership/confirm'));
}

/** A member joined and confirmed through the API: for a test whose subject is signing in, not joining. */
export async function confirmedMember(
  baseUrl: string,
  member: { email: string; password: string; tier: MembershipTierId },
): Promise<void> {
  const link = await joinedMember(baseUrl, member);
  const confirmed = await postJson(baseUrl, `${memberLinks.confirmEndpoint}${link.search}`, {
    password: member.password,
  });
  expect(confirmed.status).toBe(200);
}
