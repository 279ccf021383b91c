import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PAGE_ASSETS_FILE,
  pageAssetsSchema,
  REMOTE_MANIFEST_FILE,
  remoteWidgetIds,
  routeProblems,
  routeTableSchema,
  ROUTES_FILE,
  type FrontEndName,
  type RemoteDefinition,
  type RemoteName,
  type RemoteRoute,
} from '@party/shared-contracts';

interface Manifest {
  name?: string;
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{
    name?: string;
    assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
  }>;
}

/** The modules the shell and the other remotes load from `remote`: the pages its routes name, and its widgets. */
function requiredModules(remote: RemoteName, routes: readonly RemoteRoute[]): string[] {
  const widgets = remoteWidgetIds.filter((id) => id.startsWith(`${remote}/`)).map((id) => id.slice(remote.length + 1));
  return [...new Set([...routes.map((route) => route.page), ...widgets])];
}

/** The routes a build declares (routes.json), or what is wrong with them. */
async function declaredRoutes(buildDir: string): Promise<RemoteRoute[] | string> {
  try {
    const parsed = routeTableSchema.safeParse(JSON.parse(await fs.readFile(path.join(buildDir, ROUTES_FILE), 'utf8')));
    return parsed.success
      ? parsed.data
      : `${ROUTES_FILE} does not declare routes as the contract says (${parsed.error.issues[0]?.message})`;
  } catch {
    return `${ROUTES_FILE} is missing or not JSON`;
  }
}

async function exists(file: string) {
  return fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

/**
 * Checks a built remote against the contract in shared-contracts: its manifest names it, it
 * declares routes under its own prefixes in the registry's definitions (`remotes`, keeping the
 * pages others link to), exposes every page those routes name and every widget the others rely on,
 * and every file the manifest lists is in the build. Returns what is wrong, one sentence each (none:
 * it may be published), and its routes.
 */
export async function checkRemoteContract(
  remote: RemoteName,
  buildDir: string,
  remotes: readonly RemoteDefinition[],
): Promise<{ problems: string[]; routes: RemoteRoute[] }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(buildDir, REMOTE_MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return { problems: [`${REMOTE_MANIFEST_FILE} is missing or not JSON`], routes: [] };
  }
  const declared = await declaredRoutes(buildDir);
  if (typeof declared === 'string') return { problems: [declared], routes: [] };
  const routes = declared;
  const problems: string[] = [];
  if (manifest.name !== remote) problems.push(`the manifest names "${manifest.name}", not "${remote}"`);

  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !(await exists(path.join(buildDir, entry.path ?? '', entry.name))))
    problems.push('the remote entry script is missing');

  const exposed = new Map((manifest.exposes ?? []).map((module) => [module.name, module]));
  problems.push(...routeProblems(remote, routes, remotes));
  for (const name of requiredModules(remote, routes)) {
    const module = exposed.get(name);
    if (!module) {
      problems.push(`./${name} is not exposed`);
      continue;
    }
    const files = [...(module.assets?.js?.sync ?? []), ...(module.assets?.css?.sync ?? [])];
    if (files.length === 0) problems.push(`./${name} has no script`);
    for (const file of files)
      if (!(await exists(path.join(buildDir, file))))
        problems.push(`./${name} needs ${file}, which is not in the build`);
  }
  return { problems, routes };
}

/** A built shell: its page template and page assets, its manifest (it provides the shared singletons) and its server build. */
async function checkShellBuild(buildDir: string): Promise<{ problems: string[]; routes: RemoteRoute[] }> {
  const problems: string[] = [];
  for (const file of ['index.html', PAGE_ASSETS_FILE, REMOTE_MANIFEST_FILE, 'server/server.mjs'])
    if (!(await exists(path.join(buildDir, file)))) problems.push(`${file} is missing`);
  if (!problems.includes(`${PAGE_ASSETS_FILE} is missing`)) {
    const assets = await fs.readFile(path.join(buildDir, PAGE_ASSETS_FILE), 'utf8').then(
      (text) => pageAssetsSchema.safeParse(JSON.parse(text)).success,
      () => false,
    );
    if (!assets) problems.push(`${PAGE_ASSETS_FILE} does not list the page's scripts, stylesheets and inline scripts`);
  }
  return { problems, routes: [] };
}

/** Checks a build of a remote (checkRemoteContract) or of the shell against what the others rely on. */
export function checkReleaseContract(
  name: FrontEndName,
  buildDir: string,
  remotes: readonly RemoteDefinition[],
): Promise<{ problems: string[]; routes: RemoteRoute[] }> {
  return name === 'shell' ? checkShellBuild(buildDir) : checkRemoteContract(name, buildDir, remotes);
}
