import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  STAFF_LIST_LIMIT,
  staffLinks,
  type DonationResolution,
  type donationResolutionSchema,
  type StaffDonationRow,
} from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import { csv, toCsv } from './staff-console.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

/** What the treasurer's section reads and asks of the donations module (donations/treasurer-view.ts). */
export interface TreasurerView {
  /**
   * The donations, each shown written to the access log by `staffEmail`: with a `limit`, those
   * needing action first, by deadline, then the newest; without, every one, newest first.
   */
  donations(staffEmail: string, action: 'viewed' | 'exported', limit: number | null): Promise<StaffDonationRow[]>;
  /** The column headings of the rules' regulator return, in order. */
  returnHeadings: string[];
  /** The CSV rows of the rules' regulator return, by column heading. */
  regulatorReturn(rows: readonly StaffDonationRow[]): Array<Record<string, string>>;
  /** What a resolution must look like under these rules (the declaration's fields). */
  resolutionSchema: ReturnType<typeof donationResolutionSchema>;
  resolve(
    donationId: string,
    staffEmail: string,
    resolution: DonationResolution,
  ): Promise<{ kind: 'resolved' | 'refused'; message: string } | { kind: 'not-found' }>;
}

/**
 * Donations, for treasurers: the list (those needing action first), a resolution (a refund checked
 * on chain, or a declaration on the donor's behalf) and the regulator's return as CSV. Every
 * donation shown or downloaded is in the access log, as members are: its declaration is personal data.
 */
export function staffTreasurerRoutes(router: Router, { donations, gate, guards }: StaffEndpoints): void {
  const { signedIn, allowed, mayDownload } = gate;
  const { donationsEndpoint } = staffLinks;
  const viewOf = (ctx: Context) => donations ?? ctx.throw(404, 'This site accepts no crypto donations.');
  router.get(donationsEndpoint, signedIn, allowed('donations'), async (ctx) => {
    ctx.body = await viewOf(ctx).donations(staffOf(ctx).email, 'viewed', STAFF_LIST_LIMIT);
  });
  const resolve = `${donationsEndpoint}/:id/resolve`;
  router.post(resolve, ...guards(resolve), signedIn, allowed('donations'), async (ctx) => {
    const view = viewOf(ctx);
    const outcome = await view.resolve(
      ctx.params.id!,
      staffOf(ctx).email,
      parseBody(ctx, view.resolutionSchema) as DonationResolution,
    );
    if (outcome.kind === 'not-found') return ctx.throw(404, 'There is no such donation.');
    if (outcome.kind === 'refused') return ctx.throw(409, outcome.message);
    ctx.body = { message: outcome.message };
  });
  router.get(`${donationsEndpoint}.csv`, signedIn, allowed('donations'), mayDownload, async (ctx) => {
    const view = viewOf(ctx);
    const rows = view.regulatorReturn(await view.donations(staffOf(ctx).email, 'exported', null));
    csv(ctx, 'donations', toCsv(rows, view.returnHeadings));
  });
}
