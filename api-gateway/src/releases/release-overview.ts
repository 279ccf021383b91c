import { isBuiltInRemoteName, type StaffPreviewLink, type StaffReleaseLine } from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import type { ReleaseLoadCounts } from './release-load-counts.js';
import type { ReleasePreviews } from './release-previews.js';
import { activeCanaries, CONFIGURED_BUILD, releaseHistory } from './release-registry.js';
import { remoteDefinitions } from './remote-definitions.js';

/** History lines the console shows per remote. */
const HISTORY_SHOWN = 12;
/** Published releases offered for preview per remote. */
const PREVIEWABLE_SHOWN = 5;

export interface ReleaseOverview {
  /** What each remote and the shell run, how their releases fared in the last hour, and their history. */
  lines(): Promise<StaffReleaseLine[]>;
  /** A preview link for a published release of a remote, made `by` a member of staff. */
  preview(remote: string, version: string, by: string): Promise<{ url: string; expiresAt: string }>;
  /** The preview links that still work, and ending one. */
  previewLinks(): Promise<StaffPreviewLink[]>;
  revokePreview(id: string, by: string): Promise<boolean>;
}

/** The staff console's release view (administrators): read from the registry and the shared counts. */
export function releaseOverview(db: Queryable, counts: ReleaseLoadCounts, previews: ReleasePreviews): ReleaseOverview {
  return {
    async lines() {
      await counts.flush();
      const [remotes, actives, canaries, lastHour] = await Promise.all([
        remoteDefinitions(db),
        db.query<{ remote: string; version: string; since: Date | string }>(
          `SELECT a.remote, a.version, x.activated_at AS since
             FROM active_remotes a JOIN remote_activations x ON x.id = a.activation_id`,
        ),
        activeCanaries(db),
        counts.lastHour(),
      ]);
      return Promise.all(
        [...remotes, { name: 'shell', prefixes: [] }].map(
          async ({ name: frontEnd, prefixes }): Promise<StaffReleaseLine> => {
            const active = actives.rows.find((row) => row.remote === frontEnd);
            // The repository's remotes and the shell have a configured build; a remote added since has not.
            const configured = frontEnd === 'shell' || isBuiltInRemoteName(frontEnd);
            const canary = canaries[frontEnd];
            const history = (await releaseHistory(db, frontEnd)).reverse();
            const serving = new Set([active?.version, canary?.version]);
            return {
              remote: frontEnd,
              prefixes,
              active: active
                ? { version: active.version, since: new Date(active.since).toISOString() }
                : configured
                  ? { version: CONFIGURED_BUILD, since: null }
                  : null,
              canary: canary ? { version: canary.version, percent: canary.percent, since: canary.startedAt } : null,
              lastHour: lastHour
                .filter((row) => row.remote === frontEnd)
                .map(({ version, loads, failures }) => ({ version, loads, failures })),
              previewable: history
                .filter((entry) => entry.event === 'published' && !serving.has(entry.version))
                .map((entry) => entry.version)
                .slice(0, PREVIEWABLE_SHOWN),
              history: history.slice(0, HISTORY_SHOWN),
            };
          },
        ),
      );
    },
    preview: (remote, version, by) => previews.mint(remote, version, by),
    previewLinks: () => previews.open(),
    revokePreview: (id, by) => previews.revoke(id, by),
  };
}
