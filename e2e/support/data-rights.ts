import { expect } from '@playwright/test';
import { dataRightsLinks, type DataRequestKind } from '@party/shared-contracts';
import { requiredEnv } from './fixtures';
import { linkTo, mailTo } from './loopback-mailbox';

/** Asks for a copy or the erasure of an address's data as the page does; returns its email's link. */
export async function dataRequestLink(baseUrl: string, email: string, request: DataRequestKind): Promise<URL> {
  const asked = await fetch(`${baseUrl}${dataRightsLinks.requestEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, request }),
  });
  expect(asked.status).toBe(202);
  const page = request === 'copy' ? dataRightsLinks.copyPage : dataRightsLinks.erasurePage;
  return new URL(linkTo((await mailTo(requiredEnv('E2E_MAIL_DIR'), email))[0]!, page));
}
