import type { Router } from '@koa/router';
import { staffLinks, staffPreviewSchema, type StaffPreviewLink, type StaffReleaseLine } from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

/** What the release view reads and asks of the release module (releases/release-overview.ts). */
export interface StaffReleaseView {
  lines(): Promise<StaffReleaseLine[]>;
  preview(remote: string, version: string, by: string): Promise<{ url: string; expiresAt: string }>;
  previewLinks(): Promise<StaffPreviewLink[]>;
  revokePreview(id: string, by: string): Promise<boolean>;
}

/**
 * Releases, for administrators: what each remote and the shell run, how each release fared over the
 * last hour, their history; a preview link for a published release, to look at it before it is
 * activated; and every preview link that still works, each of which can be ended at once.
 */
export function staffReleaseRoutes(router: Router, { releases, gate, guards }: StaffEndpoints): void {
  const { signedIn, allowed } = gate;
  const { releasesEndpoint, previewLinksEndpoint } = staffLinks;
  router.get(releasesEndpoint, signedIn, allowed('releases'), async (ctx) => {
    ctx.body = await releases.lines();
  });
  const previewPath = `${releasesEndpoint}/:remote/previews`;
  router.post(previewPath, ...guards(previewPath), signedIn, allowed('releases'), async (ctx) => {
    const { version } = parseBody(ctx, staffPreviewSchema);
    ctx.body = await releases.preview(ctx.params.remote ?? '', version, staffOf(ctx).email);
    ctx.status = 201;
  });
  router.get(previewLinksEndpoint, signedIn, allowed('releases'), async (ctx) => {
    ctx.body = await releases.previewLinks();
  });
  // `:link`, not `:id`: a link's id is a UUID, not a row number (well-formed-ids.ts).
  const onePreview = `${previewLinksEndpoint}/:link`;
  router.delete(onePreview, ...guards(onePreview, { body: false }), signedIn, allowed('releases'), async (ctx) => {
    if (!(await releases.revokePreview(ctx.params.link ?? '', staffOf(ctx).email)))
      ctx.throw(404, 'That preview link has already ended.');
    ctx.status = 204;
  });
}
