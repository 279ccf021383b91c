import { expect } from '@playwright/test';
import { formPaths, newsletterLinks } from '@party/shared-contracts';
import { emailedLink } from './loopback-mailbox';
import { postJson } from './site-api';

/** Subscribes an address as the sign-up form sends it; returns the confirmation link of its email. */
export async function subscribedReader(baseUrl: string, email: string): Promise<URL> {
  expect((await postJson(baseUrl, formPaths.newsletter, { email })).status).toBe(201);
  return emailedLink(email, newsletterLinks.confirmPage);
}
