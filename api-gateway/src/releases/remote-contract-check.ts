import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE, remotePages, remoteWidgetIds, type RemoteName } from '@party/shared-contracts';

interface Manifest {
  name?: string;
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }>;
}

/** The modules the shell and the other remotes load from `remote`: its pages and widgets. */
export function requiredModules(remote: RemoteName): string[] {
  const widgets = remoteWidgetIds.filter((id) => id.startsWith(`${remote}/`)).map((id) => id.slice(remote.length + 1));
  return [...remotePages[remote], ...widgets];
}

async function exists(file: string) {
  return fs.stat(file).then((stat) => stat.isFile(), () => false);
}

/**
 * Checks a built remote against the contract in shared-contracts: its manifest names it, exposes
 * every module the others rely on, and every file the manifest lists is in the build. Returns
 * what is wrong, one sentence each; an empty list means it may be published.
 */
export async function checkRemoteContract(remote: RemoteName, buildDir: string): Promise<string[]> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(buildDir, REMOTE_MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return [`${REMOTE_MANIFEST_FILE} is missing or not JSON`];
  }
  const problems: string[] = [];
  if (manifest.name !== remote) problems.push(`the manifest names "${manifest.name}", not "${remote}"`);

  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !(await exists(path.join(buildDir, entry.path ?? '', entry.name)))) problems.push('the remote entry script is missing');

  const exposed = new Map((manifest.exposes ?? []).map((module) => [module.name, module]));
  for (const name of requiredModules(remote)) {
    const module = exposed.get(name);
    if (!module) {
      problems.push(`./${name} is not exposed`);
      continue;
    }
    const files = [...(module.assets?.js?.sync ?? []), ...(module.assets?.css?.sync ?? [])];
    if (files.length === 0) problems.push(`./${name} has no script`);
    for (const file of files) if (!(await exists(path.join(buildDir, file)))) problems.push(`./${name} needs ${file}, which is not in the build`);
  }
  return problems;
}
