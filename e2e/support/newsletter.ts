import { expect } from '@playwright/test';
import { formPaths, newsletterLinks } from '@party/shared-contracts';
import { requiredEnv } from './fixtures';
import { linkTo, mailTo } from './loopback-mailbox';

/** Subscribes an address as the sign-up form sends it; returns the confirmation link of its email. */
export async function subscribedReader(baseUrl: string, email: string): Promise<URL> {
  const subscribed = await fetch(`${baseUrl}${formPaths.newsletter}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email }),
  });
  expect(subscribed.status).toBe(201);
  return new URL(linkTo((await mailTo(requiredEnv('E2E_MAIL_DIR'), email))[0]!, newsletterLinks.confirmPage));
}
