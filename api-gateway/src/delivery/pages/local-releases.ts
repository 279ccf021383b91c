import fs from 'node:fs';
import path from 'node:path';
import { remoteNames, type FrontEndName, type RemoteName, type RemoteRegistry } from '@party/shared-contracts';
import type { GatewayConfig } from '../../config.js';

/** Where a remote release's files are on this machine, and where browsers fetch them. */
export interface LocalRelease {
  /** The folder holding its build (`mf-manifest.json`, `static/`, `server/`). */
  dir: string;
  /** The URL its manifest's assets are relative to, ending in `/`. */
  baseUrl: string;
}

/**
 * The folder of the release a registry entry names (of a remote, or of the shell): a published
 * release in the release store, or the configured build the gateway serves at `/remotes/<name>/`. A release served from elsewhere
 * (another origin) has no local folder: its pages are left to the browser.
 */
export function localRelease(
  frontEnd: FrontEndName,
  entry: string,
  config: Pick<GatewayConfig, 'releases' | 'site'>,
): LocalRelease | null {
  const baseUrl = entry.slice(0, entry.lastIndexOf('/') + 1);
  const releasePrefix = `${config.releases.baseUrl}/${frontEnd}/`;
  if (entry.startsWith(releasePrefix)) {
    const version = entry.slice(releasePrefix.length).split('/')[0] ?? '';
    return /^\w[\w.+-]*$/.test(version)
      ? { dir: path.join(config.releases.storeDir, frontEnd, version), baseUrl }
      : null;
  }
  if (config.site && frontEnd !== 'shell' && entry.startsWith(`/remotes/${frontEnd}/`))
    return { dir: config.site.remoteDir(frontEnd), baseUrl };
  return null;
}

/** Each remote's local release for a registry, or null where it has none. */
export function localReleases(
  registry: RemoteRegistry,
  config: Pick<GatewayConfig, 'releases' | 'site'>,
): Record<RemoteName, LocalRelease | null> {
  return Object.fromEntries(
    remoteNames.map((name) => [name, localRelease(name, registry.remotes[name].entry, config)]),
  ) as Record<RemoteName, LocalRelease | null>;
}

/** The server build of a release, if it has one (older releases do not). */
export function serverEntryOf(release: LocalRelease | null): string | null {
  const entry = release && path.join(release.dir, 'server', 'server.mjs');
  return entry && fs.existsSync(entry) ? entry : null;
}
