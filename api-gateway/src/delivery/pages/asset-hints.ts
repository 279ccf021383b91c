import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE, type RemoteName } from '@party/shared-contracts';
import type { LocalRelease } from './local-releases.js';

/** What a page's HTML announces so that the browser fetches it all at once, not one after another. */
export interface AssetHints {
  stylesheets: string[];
  scripts: string[];
  /** Fetched with fetch() by the federation runtime (its manifests). */
  fetches: string[];
  fonts: string[];
}

interface ManifestAssets {
  js: { sync: string[] };
  css: { sync: string[] };
}

interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ path: string; assets: ManifestAssets }>;
}

export const noHints = (): AssetHints => ({ stylesheets: [], scripts: [], fetches: [], fonts: [] });

/** A remote's manifest, read once per release folder (releases never change); one not there yet is read again. */
const manifests = new Map<string, RemoteManifest>();

function manifestOf(release: LocalRelease): RemoteManifest | null {
  if (!manifests.has(release.dir)) {
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(release.dir, REMOTE_MANIFEST_FILE), 'utf8'),
      ) as Partial<RemoteManifest>;
      // A manifest of another shape announces nothing: the page still works.
      if (!Array.isArray(manifest.exposes) || !manifest.metaData?.remoteEntry) return null;
      manifests.set(release.dir, manifest as RemoteManifest);
    } catch {
      return null;
    }
  }
  return manifests.get(release.dir) ?? null;
}

/**
 * The files the browser needs to show one exposed module of a remote: its manifest, its container
 * and the module's chunks and stylesheets, as URLs under the release's base.
 */
export function remoteModuleHints(release: LocalRelease, exposed: string): AssetHints {
  const manifest = manifestOf(release);
  const module = manifest?.exposes.find((candidate) => candidate.path === `./${exposed}`);
  if (!manifest || !module) return noHints();
  const url = (file: string) => `${release.baseUrl}${file}`;
  const entry = manifest.metaData.remoteEntry;
  return {
    stylesheets: module.assets.css.sync.map(url),
    scripts: [url(`${entry.path ? `${entry.path}/` : ''}${entry.name}`), ...module.assets.js.sync.map(url)],
    fetches: [url(REMOTE_MANIFEST_FILE)],
    fonts: [],
  };
}

/**
 * The shell's own (its configured build, or a release of it): the shared singletons its federation
 * runtime loads at start (its entry script and stylesheet are in its HTML already) and the Latin
 * subset of the site's font.
 */
export function shellHints(shell: LocalRelease): AssetHints {
  const hints = noHints();
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(shell.dir, REMOTE_MANIFEST_FILE), 'utf8')) as {
      shared: Array<{ assets: ManifestAssets }>;
    };
    hints.scripts = manifest.shared.flatMap((shared) => shared.assets.js.sync.map((file) => `${shell.baseUrl}${file}`));
    const fonts = fs
      .readdirSync(path.join(shell.dir, 'static', 'font'))
      .filter((file) => /latin-wght.*\.woff2$/.test(file) && !file.includes('-ext-'));
    hints.fonts = fonts.map((file) => `${shell.baseUrl}static/font/${file}`);
  } catch {
    // A shell built without a manifest or font announces nothing more: the page still works.
  }
  return hints;
}

export function mergeHints(...all: AssetHints[]): AssetHints {
  const unique = (key: keyof AssetHints) => [...new Set(all.flatMap((hints) => hints[key]))];
  return {
    stylesheets: unique('stylesheets'),
    scripts: unique('scripts'),
    fetches: unique('fetches'),
    fonts: unique('fonts'),
  };
}

export type RemoteModuleRef = { remote: RemoteName; exposed: string };
