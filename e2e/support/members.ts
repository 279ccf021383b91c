import { expect } from '@playwright/test';
import { formPaths, memberLinks, membershipRegistrationExample, type MembershipTierId } from '@party/shared-contracts';
import { emailedLink } from './loopback-mailbox';
import { postJson } from './site-api';

/** Registers a membership as the join page sends it; returns the confirmation link of its email. */
export async function joinedMember(
  baseUrl: string,
  { email, password, tier }: { email: string; password: string; tier: MembershipTierId },
): Promise<URL> {
  const joined = await postJson(
    baseUrl,
    formPaths.membership,
    membershipRegistrationExample({ email, password, membershipTier: tier }),
  );
  expect(joined.status).toBe(201);
  return emailedLink(email, memberLinks.confirmPage);
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
