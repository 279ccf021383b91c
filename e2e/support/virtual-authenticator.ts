import type { Page } from '@playwright/test';

/**
 * A platform authenticator in this page's Chromium (its DevTools protocol) that says yes at once,
 * as a fingerprint would. WebAuthn refuses an IP address as the site's name: use it on localhost.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** The site's address on localhost, where passkeys work. */
export const passkeyBaseUrl = (baseUrl: string) => baseUrl.replace('127.0.0.1', 'localhost');
