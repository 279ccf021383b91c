import { Readable } from 'node:stream';
import * as tar from 'tar';
import * as z from 'zod';
import type { HistoryEntry, RemoteDefinition } from '@party/shared-contracts';
import type { ReleaseControl } from './release-commands.js';

/** The gateway refused a change, and says why. */
class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
}

/** A call to the gateway's release API (`/api/admin…`) with a team's token: the answer, or a GatewayRefusal. */
type AdminCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown, archive?: Buffer) => Promise<T>;

function adminApi(baseUrl: string, token: string, fetchFn: typeof fetch = fetch): AdminCall {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown, archive?: Buffer): Promise<T> => {
    const type = archive ? 'application/gzip' : body !== undefined ? 'application/json' : undefined;
    const response = await fetchFn(new URL(`/api/admin${path}`, baseUrl), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(type && { 'Content-Type': type }) },
      body: archive ? new Blob([new Uint8Array(archive)]) : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) throw new GatewayRefusal(answer.message ?? `The gateway answered ${response.status}`);
    return answer;
  };
}

/** Publishes the release built in `dir` through the gateway: one gzipped tar, checked, digested and stored there. */
async function uploadRelease(
  call: AdminCall,
  release: { remote: string; version: string; dir: string; reason: string },
): Promise<{ entry: string }> {
  const archive = Buffer.concat(
    await Readable.from(tar.create({ gzip: true, cwd: release.dir, portable: true }, ['.'])).toArray(),
  );
  return call(
    'POST',
    `/releases/${release.remote}?${new URLSearchParams({ version: release.version, reason: release.reason })}`,
    undefined,
    archive,
  );
}

/** Releases changed through the running gateway's admin API: any database, no restart; the history names the token's owner. */
export function gatewayControl(baseUrl: string, token: string, fetchFn: typeof fetch = fetch): ReleaseControl {
  const call = adminApi(baseUrl, token, fetchFn);
  return {
    remotes: async () => (await call<{ remotes: RemoteDefinition[] }>('GET', '/remotes')).remotes,
    addRemote: (definition, change) => call('POST', '/remotes', { ...definition, ...change }),
    removeRemote: (name, reason) => call('POST', `/remotes/${encodeURIComponent(name)}/remove`, { reason }),
    publish: (frontEnd, version, dir, reason) => uploadRelease(call, { remote: frontEnd, version, dir, reason }),
    active: () => call('GET', '/releases'),
    history: async (frontEnd) =>
      (await call<{ history: HistoryEntry[] }>('GET', `/releases/${frontEnd}/history`)).history,
    activate: (frontEnd, version, { reason, canary }) =>
      call('POST', `/releases/${frontEnd}/activate`, { version, reason, ...(canary !== undefined && { canary }) }),
    promote: (frontEnd, reason) => call('POST', `/releases/${frontEnd}/promote`, { reason }),
    rollback: (frontEnd, { reason, to }) =>
      call('POST', `/releases/${frontEnd}/rollback`, { reason, ...(to !== undefined && { to }) }),
    preview: (frontEnd, version, hours) =>
      call('POST', `/releases/${frontEnd}/previews`, { version, ...(hours !== undefined && { hours }) }),
  };
}

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const gatewayAddressSchema = z.object({
  PARTY_ADMIN_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
  PARTY_ADMIN_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
});

/** The gateway and token the environment names (`PARTY_ADMIN_URL`, `PARTY_ADMIN_TOKEN`), or null when it names no gateway. */
export function adminGatewayOf(
  env: Readonly<Record<string, string | undefined>>,
): { url: string; token: string } | null {
  const parsed = gatewayAddressSchema.safeParse(env);
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  const { PARTY_ADMIN_URL: url, PARTY_ADMIN_TOKEN: token } = parsed.data;
  if (!url) return null;
  if (!token)
    throw new Error(
      'PARTY_ADMIN_URL is set: set PARTY_ADMIN_TOKEN too (npm run tokens -- create, where the gateway runs).',
    );
  return { url, token };
}
