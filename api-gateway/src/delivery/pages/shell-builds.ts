import fs from 'node:fs';
import path from 'node:path';
import { PAGE_ASSETS_FILE, pageAssetsSchema, type PageAssets } from '@party/shared-contracts';
import { cspHash, type Logger } from '../../platform/index.js';
import type { RegistrySnapshot } from '../../releases/index.js';
import { noHints, shellHints, type AssetHints } from './asset-hints.js';
import type { LocalRelease } from './local-releases.js';

/** The shell a snapshot's pages are composed in: its build, page template, and what it announces. */
export interface ShellBuild {
  local: LocalRelease | null;
  template: string | null;
  assets: PageAssets;
  /** Its inline scripts, as a page's CSP allows them (the release may differ from the configured build). */
  scriptHashes: string[];
  hints: AssetHints;
}

/** Stylesheets this small are written into the page: a request less before the first paint. */
const INLINE_CSS_BYTES = 24 * 1024;

const readIfThere = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** What a shell build's page loads (page-assets.json); null when it has no valid list. */
function readPageAssets(dir: string): PageAssets | null {
  const text = readIfThere(path.join(dir, PAGE_ASSETS_FILE));
  if (text === null) return null;
  try {
    return pageAssetsSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The shell of a snapshot: its page template, what its page loads and what it announces, read once
 * per build (built files never change under a name). A shell release whose template cannot be read gives way to the
 * configured shell: never an empty page.
 */
export function shellBuilds(shellBuild: (shell: RegistrySnapshot['shell']) => LocalRelease | null, logger: Logger) {
  const shells = new Map<string, ShellBuild>();
  return function shellOf(snapshot: RegistrySnapshot): ShellBuild {
    const local = shellBuild(snapshot.shell);
    const known = local && shells.get(local.dir);
    if (known) return known;
    const template = local ? readIfThere(path.join(local.dir, 'index.html')) : null;
    const assets = local && readPageAssets(local.dir);
    if ((template === null || !assets) && snapshot.shell) {
      logger.error(
        { version: snapshot.shell.version },
        'the shell release has no page template or page assets here; pages use the configured shell',
      );
      return shellOf({ ...snapshot, shell: null });
    }
    if (local && template !== null && !assets) {
      logger.error(
        { dir: local.dir },
        'the shell build has no valid page-assets.json: its pages load no script; build the shell again (npm run build)',
      );
    }
    const shell: ShellBuild = {
      local,
      template,
      assets: assets ?? { scripts: [], stylesheets: [], inlineScripts: [] },
      scriptHashes: (assets?.inlineScripts ?? []).map(cspHash),
      hints: local ? shellHints(local) : noHints(),
    };
    // Only what was found is kept: a file missing now may be fetched later.
    if (local && template !== null && assets) shells.set(local.dir, shell);
    return shell;
  };
}

/**
 * The text of a stylesheet the gateway holds, in the first of `folders` whose base its URL starts
 * with, if small enough to write into a page; read once, except one missing now.
 */
export function stylesheetTexts() {
  const texts = new Map<string, string | null>();
  return (folders: ReadonlyArray<LocalRelease | null>, href: string): string | null => {
    const release = folders.find((candidate) => candidate && href.startsWith(candidate.baseUrl));
    if (!release) return null;
    const file = path.join(release.dir, href.slice(release.baseUrl.length));
    if (!texts.has(file)) {
      const css = readIfThere(file);
      if (css === null) return null;
      texts.set(file, Buffer.byteLength(css) <= INLINE_CSS_BYTES ? css : null);
    }
    return texts.get(file) ?? null;
  };
}
