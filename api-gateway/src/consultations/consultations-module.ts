import type { Context } from 'koa';
import type { GatewayModule, Platform } from '../platform/index.js';
import { consultationRecords } from './consultation-records.js';
import { consultationRoutes } from './consultation-routes.js';

export type Consultations = GatewayModule;

/**
 * The consultations module (issue 64): drafts on policy in numbered paragraphs, published in
 * versions, commented on by members within limits, moderated with published reasons, answered with
 * a published response, and downloadable as open data.
 */
export async function consultationsModule({
  platform: { db },
  signedInEmail,
}: {
  platform: Pick<Platform, 'db'>;
  /** The email of the member a request is signed in as (the people module's): who comments. */
  signedInEmail: (ctx: Context) => Promise<string | null>;
}): Promise<Consultations> {
  const records = consultationRecords(db);
  return {
    routes(router, guards) {
      consultationRoutes(router, records, guards, signedInEmail);
    },
  };
}
