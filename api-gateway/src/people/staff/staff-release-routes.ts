import type { Router } from '@koa/router';
import { staffLinks, staffPreviewSchema, type StaffReleaseLine } from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import type { StaffEndpoints } from './staff-routes.js';

/** What the release view reads and asks of the release module (releases/release-overview.ts). */
export interface StaffReleaseView {
  lines(): Promise<StaffReleaseLine[]>;
  preview(remote: string, version: string): Promise<{ url: string; expiresAt: string }>;
}

/**
 * Releases, for administrators: what each remote and the shell run, how each release fared over the
 * last hour, their history; and a preview link for a published release, to look at it before it is
 * activated.
 */
export function staffReleaseRoutes(router: Router, { releases, gate, guards }: StaffEndpoints): void {
  const { signedIn, allowed } = gate;
  const { releasesEndpoint } = staffLinks;
  router.get(releasesEndpoint, signedIn, allowed('releases'), async (ctx) => {
    ctx.body = await releases.lines();
  });
  const previewPath = `${releasesEndpoint}/:remote/previews`;
  router.post(previewPath, ...guards(previewPath), signedIn, allowed('releases'), async (ctx) => {
    const { version } = parseBody(ctx, staffPreviewSchema);
    ctx.body = await releases.preview(ctx.params.remote ?? '', version);
    ctx.status = 201;
  });
}
