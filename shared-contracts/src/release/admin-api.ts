import { Readable } from 'node:stream';
import * as tar from 'tar';

/** The gateway refused a change, and says why. */
export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
}

/** A call to the gateway's release API (`/api/admin…`) with a team's token: the answer, or a GatewayRefusal. */
export type AdminCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown, archive?: Buffer) => Promise<T>;

export function adminApi(baseUrl: string, token: string, fetchFn: typeof fetch = fetch): AdminCall {
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
export async function uploadRelease(call: AdminCall, release: { remote: string; version: string; dir: string; reason: string }): Promise<{ entry: string }> {
  const archive = Buffer.concat(await Readable.from(tar.create({ gzip: true, cwd: release.dir, portable: true }, ['.'])).toArray());
  return call('POST', `/releases/${release.remote}?${new URLSearchParams({ version: release.version, reason: release.reason })}`, undefined, archive);
}
