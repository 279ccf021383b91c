import { expect } from '@playwright/test';
import { dataRightsLinks, type DataRequestKind } from '@party/shared-contracts';
import { emailedLink } from './loopback-mailbox';
import { postJson } from './site-api';

/** Asks for a copy or the erasure of an address's data as the page does; returns its email's link. */
export async function dataRequestLink(baseUrl: string, email: string, request: DataRequestKind): Promise<URL> {
  expect((await postJson(baseUrl, dataRightsLinks.requestEndpoint, { email, request })).status).toBe(202);
  return emailedLink(email, request === 'copy' ? dataRightsLinks.copyPage : dataRightsLinks.erasurePage);
}
