import type { Router } from '@koa/router';
import { dataRequestSchema, dataRightsLinks } from '@party/shared-contracts';
import { type BrowserPostGuards, linkTokenOf, parseBody, type SiteOrigin } from '../../platform/index.js';
import type { DataRequests } from './data-requests.js';

const LINK_NOT_VALID =
  'This link has expired or has already been used. Ask again from the data rights page and we will send you a new one.';

/**
 * Everyone's data rights: asking (the same answer for any address: the link goes to it), then the
 * emailed link's copy or erasure. The pages post the link's `?token=`.
 */
export function dataRequestRoutes(
  router: Router,
  requests: DataRequests,
  guards: BrowserPostGuards,
  siteOrigin: SiteOrigin,
): void {
  const { requestEndpoint, copyEndpoint, erasureEndpoint } = dataRightsLinks;

  router.post(requestEndpoint, ...guards(requestEndpoint, { perAccount: true }), async (ctx) => {
    const { email, request } = parseBody(ctx, dataRequestSchema);
    await requests.request(email, request, siteOrigin.href);
    ctx.status = 202;
    ctx.body = { received: true };
  });

  router.post(copyEndpoint, ...guards(copyEndpoint, { body: false }), async (ctx) => {
    const data = await requests.copy(linkTokenOf(ctx));
    if (!data) return ctx.throw(410, LINK_NOT_VALID);
    ctx.set('Content-Disposition', 'attachment; filename="my-refoundation-party-data.json"');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = data;
  });

  router.post(erasureEndpoint, ...guards(erasureEndpoint, { body: false }), async (ctx) => {
    const erased = await requests.erase(linkTokenOf(ctx));
    if (!erased) return ctx.throw(410, LINK_NOT_VALID);
    ctx.body = erased;
  });
}
