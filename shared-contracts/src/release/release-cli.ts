import fs from 'node:fs/promises';
import path from 'node:path';
import { remoteNames, type RemoteName } from '../index.js';
import { adminApi, uploadRelease } from './admin-api.js';
import { buildRelease } from './build-release.js';

const USAGE = `Usage, in a remote's folder (with PARTY_ADMIN_URL and PARTY_ADMIN_TOKEN, a token of the team's):
  npx party-release publish --reason "…"   build this remote, name its release by its bundle, and
                                            publish it through the gateway (not yet active)
Then: npm run remotes -- activate <remote> <version> --reason "…" (with the same variables).`;

/** The remote a folder builds, from its package name (`@party/mf-donate` → `mf-donate`). */
async function remoteOf(dir: string): Promise<RemoteName> {
  const { name } = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as { name: string };
  const remote = name.split('/').pop() ?? '';
  if (!(remoteNames as readonly string[]).includes(remote)) throw new Error(`${dir} is not a remote's folder (its package is ${name}).`);
  return remote as RemoteName;
}

/** `party-release publish --reason "…"`: a remote team ships from its own folder. */
export async function runReleaseCli(args: string[], dir: string, env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<void> {
  const reasonAt = args.indexOf('--reason');
  const reason = reasonAt >= 0 ? args[reasonAt + 1]?.trim() : undefined;
  if (args[0] !== 'publish') throw new Error(USAGE);
  if (!reason) throw new Error('Say why with --reason "…": every change to what runs is recorded with its reason.');
  if (!env.PARTY_ADMIN_URL || !env.PARTY_ADMIN_TOKEN) throw new Error(`Set PARTY_ADMIN_URL and PARTY_ADMIN_TOKEN.\n${USAGE}`);
  const remote = await remoteOf(dir);
  const release = await buildRelease(dir, { report: out });
  try {
    const { entry } = await uploadRelease(adminApi(env.PARTY_ADMIN_URL, env.PARTY_ADMIN_TOKEN), { remote, version: release.version, dir: release.dir, reason });
    out(`Published ${remote} ${release.version} (commit ${release.provenance.commit ?? 'unknown'}) at ${entry}. It is not active yet.`);
  } finally {
    await fs.rm(release.dir, { recursive: true, force: true });
  }
}
