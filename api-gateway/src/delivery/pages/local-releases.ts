import fs from 'node:fs';
import path from 'node:path';
import type { FrontEndName, RemoteName, RemoteRegistry } from '@party/shared-contracts';
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
  const configuredDir =
    config.site && frontEnd !== 'shell' && entry.startsWith(`/remotes/${frontEnd}/`)
      ? config.site.remoteDir(frontEnd)
      : null;
  return configuredDir ? { dir: configuredDir, baseUrl } : null;
}

/** The local release of each remote a registry names, or null where it has none. */
export function localReleases(
  registry: RemoteRegistry,
  config: Pick<GatewayConfig, 'releases' | 'site'>,
): Map<RemoteName, LocalRelease | null> {
  return new Map(
    Object.entries(registry.remotes).map(([name, { entry }]) => [name, localRelease(name, entry, config)]),
  );
}

/** The server build of a release, if it has one (older releases do not). */
export function serverEntryOf(release: LocalRelease | null): string | null {
  const entry = release && path.join(release.dir, 'server', 'server.mjs');
  return entry && fs.existsSync(entry) ? entry : null;
}
