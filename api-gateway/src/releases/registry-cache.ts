import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  isBuiltInRemoteName,
  remoteRegistrySchema,
  type BuiltInRemoteName,
  type FrontEndName,
  type RemoteName,
  type RemoteRegistry,
} from '@party/shared-contracts';
import type { Database, Logger } from '../platform/index.js';
import type { ConfiguredRoutes } from './configured-routes.js';
import { remoteDefinitions } from './remote-definitions.js';
import {
  activeCanaries,
  activeReleases,
  CONFIGURED_BUILD,
  publishedVersions,
  RELEASE_REGISTRY_CHANNEL,
  type ActiveRelease,
  type Canary,
} from './release-registry.js';

/** A notification lost in a way no connection noticed costs at most this much staleness. */
const REFRESH_MS = 30_000;
/** How long a request waits for a new snapshot's releases to be fetched before it is served the one in force. */
const PREPARE_WAIT_MS = 1_000;
/** After a failed read, the last good snapshot is served this long before trying again. */
const RETRY_MS = 1_000;

export interface RegistrySnapshot {
  /**
   * The releases every remote of the registry serves: its active one, else its configured build if
   * this gateway has one; a remote with neither (added, nothing active yet) is not in it.
   */
  registry: RemoteRegistry;
  /** The shell's active release; null: its configured build (`shell/dist`). */
  shell: ActiveRelease | null;
  /** Names this registry: equal keys, equal releases of every remote. */
  key: string;
  /**
   * Versions a browser may report for each remote the registry holds: published ones, `configured`,
   * and `unknown` (the shell could not read the registry).
   */
  knownVersions: ReadonlyMap<RemoteName, ReadonlySet<string>>;
  /** The route patterns a browser may report a failure on: those of the active releases and canaries. */
  knownRoutes: ReadonlySet<string>;
  /** Running canaries, each served instead of the active release to a share of visitors (forCohort). */
  canaries: Partial<Record<RemoteName, Canary>>;
}

export interface RegistryCache {
  current(): Promise<RegistrySnapshot>;
  /** False while the last read failed: the site runs on the last snapshot it could read. */
  readable(): boolean;
  /**
   * True while the registry names releases this instance could not prepare (fetch into its cache):
   * it serves the previous snapshot until it can.
   */
  behind(): boolean;
  /** Whether `token` is the one the registry gave pages for failure reports on this release. */
  isReportToken(remote: RemoteName, version: string, token: string | undefined): boolean;
  close(): Promise<void>;
}

export interface RegistrySource {
  db: Database;
  /**
   * What a remote runs until a release of it is activated (version `configured`): the builds this
   * gateway was configured with, of the repository's own remotes. A remote added since has none.
   */
  configured: Partial<Record<BuiltInRemoteName, string>>;
  /** The routes those configured builds declare. */
  configuredRoutes: ConfiguredRoutes;
  logger: Logger;
  /**
   * Signs the report tokens: every gateway of a site shares it (the email links' secret); without
   * one, a key of this process.
   */
  signingSecret?: string | null;
  /** Makes a snapshot's releases ready to serve (fetched into this instance's cache) before it is switched to. */
  prepare?: (snapshot: RegistrySnapshot) => Promise<unknown>;
  /** Milliseconds on a clock that never goes back (a test moves its own). */
  clock?: () => number;
}

/** The published releases a snapshot serves (active, canaries, shell); configured builds are not releases. */
export function releasesOf(snapshot: RegistrySnapshot): Array<{ remote: FrontEndName; version: string }> {
  const named: Array<{ remote: FrontEndName; version: string }> = [
    ...Object.entries(snapshot.registry.remotes).map(([remote, { version }]) => ({ remote, version })),
    ...(Object.entries(snapshot.canaries) as Array<[RemoteName, Canary]>).map(([remote, canary]) => ({
      remote,
      version: canary.version,
    })),
    ...(snapshot.shell ? [{ remote: 'shell' as const, version: snapshot.shell.version }] : []),
  ];
  return named.filter(({ version }) => version !== CONFIGURED_BUILD);
}

type ReportSigner = (remote: RemoteName, version: string) => string;

/**
 * Pages get, with each release in their registry, a token for failure reports about it (an HMAC of
 * remote and version): a report the gateway counts comes from one of the site's pages.
 */
function reportSigner(secret: string | null | undefined): ReportSigner {
  const key = createHmac('sha256', secret ?? randomBytes(32))
    .update('remote-failure-reports')
    .digest();
  return (remote, version) => createHmac('sha256', key).update(`${remote}@${version}`).digest('base64url').slice(0, 32);
}

const keyOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);

async function readSnapshot(
  { db, configured, configuredRoutes }: RegistrySource,
  sign: ReportSigner,
): Promise<RegistrySnapshot> {
  const [remotes, active, canaries, published] = await Promise.all([
    remoteDefinitions(db),
    activeReleases(db),
    activeCanaries(db),
    publishedVersions(db),
  ]);
  const names = remotes.map((remote) => remote.name);
  const served = await Promise.all(
    names.map(async (name): Promise<[RemoteName, ActiveRelease] | null> => {
      const release = active[name];
      if (release) return [name, release];
      const entry = isBuiltInRemoteName(name) ? configured[name] : undefined;
      if (!entry) return null;
      return [
        name,
        { entry, version: CONFIGURED_BUILD, routes: await configuredRoutes(name as BuiltInRemoteName, entry) },
      ];
    }),
  );
  const knownVersions = new Map(names.map((name) => [name, new Set([CONFIGURED_BUILD, 'unknown'])]));
  for (const { remote: frontEnd, version } of published) knownVersions.get(frontEnd)?.add(version);
  const registry = remoteRegistrySchema.parse({
    remotes: Object.fromEntries(
      served
        .filter((each) => each !== null)
        .map(([name, release]) => [name, { ...release, reportToken: sign(name, release.version) }]),
    ),
  });
  const remoteCanaries: Partial<Record<RemoteName, Canary>> = {};
  for (const name of names) {
    const canary = canaries[name];
    if (canary) remoteCanaries[name] = { ...canary, reportToken: sign(name, canary.version) };
  }
  const knownRoutes = new Set(
    [...Object.values(registry.remotes), ...Object.values(remoteCanaries)].flatMap((release) =>
      release!.routes.map((route) => route.path),
    ),
  );
  const shell = active.shell ?? null;
  return {
    registry,
    shell,
    key: keyOf({ registry, canaries: remoteCanaries, shell: shell?.version }),
    knownVersions,
    knownRoutes,
    canaries: remoteCanaries,
  };
}

/** The variants of each snapshot (for a cohort, for a preview): one object per variant, kept. */
const variants = new WeakMap<RegistrySnapshot, Map<string, RegistrySnapshot>>();

/** A release a browser previews through its link (release-previews.ts), in place of the active one. */
export interface PreviewedRelease {
  remote: FrontEndName;
  release: ActiveRelease;
}

/**
 * The releases that compose one visitor's pages, as their `Site-Releases` header names them:
 * `shell@configured, mf-content@0.4.1+ab12cd3 canary, …` (`preview` for a release previewed), so
 * that a screenshot of a page can be tied to what served it.
 */
export function releasesServed(
  snapshot: RegistrySnapshot,
  cohort: number | null,
  preview: PreviewedRelease | null = null,
): string {
  const served = servedTo(snapshot, cohort, preview);
  const canary = (remote: RemoteName) =>
    forCohort(snapshot, cohort).registry.remotes[remote]?.version !== snapshot.registry.remotes[remote]?.version;
  const marked = (frontEnd: FrontEndName) =>
    preview?.remote === frontEnd ? ' preview' : frontEnd !== 'shell' && canary(frontEnd) ? ' canary' : '';
  return [
    `shell@${served.shell?.version ?? CONFIGURED_BUILD}${marked('shell')}`,
    ...Object.entries(served.registry.remotes).map(([remote, { version }]) => `${remote}@${version}${marked(remote)}`),
  ].join(', ');
}

/** The snapshot one visitor's pages are composed from: their cohort's, with the release they preview if any. */
export function servedTo(
  snapshot: RegistrySnapshot,
  cohort: number | null,
  preview: PreviewedRelease | null,
): RegistrySnapshot {
  const base = forCohort(snapshot, cohort);
  if (!preview) return base;
  // No report token: a previewed release's failures never count toward anything but the metrics.
  const { remote: frontEnd, release } = preview;
  const { entry, version, digest, routes } = release;
  if (frontEnd === 'shell') return variantOf(base, `preview:shell@${version}`, () => base.registry.remotes, release);
  return variantOf(base, `preview:${frontEnd}@${version}`, () => ({
    ...base.registry.remotes,
    [frontEnd]: { entry, version, ...(digest && { digest }), routes, preview: true },
  }));
}

/**
 * The snapshot a visitor of `cohort` (0–99, sticky) gets: each running canary replaces the active
 * release of its remote for the cohorts below its share. Without a cohort, the active releases.
 */
export function forCohort(snapshot: RegistrySnapshot, cohort: number | null): RegistrySnapshot {
  const chosen = (Object.entries(snapshot.canaries) as Array<[RemoteName, Canary]>).filter(
    ([, canary]) => cohort !== null && cohort < canary.percent,
  );
  if (chosen.length === 0) return snapshot;
  return variantOf(snapshot, chosen.map(([name]) => name).join(','), () => {
    const remotes = { ...snapshot.registry.remotes };
    for (const [name, { entry, version, digest, reportToken, routes }] of chosen)
      remotes[name] = { entry, version, ...(digest && { digest }), ...(reportToken && { reportToken }), routes };
    return remotes;
  });
}

/**
 * The variant of `base` named `id` with the remotes `remotesOf` gives, and the shell previewed in it
 * if any: made once, kept while `base` is.
 */
function variantOf(
  base: RegistrySnapshot,
  id: string,
  remotesOf: () => RemoteRegistry['remotes'],
  previewedShell: ActiveRelease | null = null,
): RegistrySnapshot {
  const known = variants.get(base) ?? new Map<string, RegistrySnapshot>();
  variants.set(base, known);
  let variant = known.get(id);
  if (!variant) {
    const registry: RemoteRegistry = {
      remotes: remotesOf(),
      ...(previewedShell && { shell: { version: previewedShell.version, preview: true as const } }),
    };
    const shell = previewedShell ?? base.shell;
    variant = {
      registry,
      shell,
      key: keyOf({ registry, shell: shell?.version }),
      knownVersions: base.knownVersions,
      knownRoutes: base.knownRoutes,
      canaries: {},
    };
    known.set(id, variant);
  }
  return variant;
}

/**
 * The registry held in memory: read once, read again when a release changes (PostgreSQL
 * LISTEN/NOTIFY, so every instance switches at once), after a lost notification connection, and
 * every 30 s. A snapshot is switched to once its releases are prepared; until then, and when the
 * database cannot answer, the last snapshot stays: an outage never switches the site to other remotes.
 */
export async function registryCache(source: RegistrySource): Promise<RegistryCache> {
  const sign = reportSigner(source.signingSecret);
  const prepare = source.prepare ?? (async () => undefined);
  const now = source.clock ?? (() => performance.now());
  let snapshot = await readSnapshot(source, sign);
  // At start there is no earlier snapshot to keep: this one is served, behind, until it is prepared.
  let behind = await prepare(snapshot).then(
    () => false,
    (error: unknown) => {
      source.logger.error({ err: error }, "the active releases are not all in this instance's cache yet; trying again");
      return true;
    },
  );
  let staleAt = behind ? now() + RETRY_MS : now() + REFRESH_MS;
  let reading: Promise<RegistrySnapshot> | null = null;
  // While new releases are fetched, a request waits a moment for them, then gets the snapshot in force.
  let preparing = false;
  let failing = false;
  // Counts notifications: one that arrives during a read may not be in what that read saw.
  let changes = 0;

  const reread = (): Promise<RegistrySnapshot> => {
    if (reading) return reading;
    const seen = changes;
    reading = readSnapshot(source, sign)
      .then(async (fresh) => {
        if (failing) source.logger.info('release registry readable again');
        failing = false;
        if (fresh.key !== snapshot.key || behind) {
          try {
            preparing = true;
            await prepare(fresh);
          } catch (error) {
            if (!behind)
              source.logger.warn(
                { err: error, registry: fresh.key },
                "new releases not in this instance's cache yet; serving the previous ones",
              );
            behind = true;
            staleAt = now() + RETRY_MS;
            retryLater();
            return snapshot;
          } finally {
            preparing = false;
          }
          if (behind) source.logger.info({ registry: fresh.key }, "serving the registry's releases");
          behind = false;
        }
        // The same releases keep the same snapshot, and with it every page rendered from it.
        if (fresh.key !== snapshot.key) snapshot = fresh;
        else snapshot.knownVersions = fresh.knownVersions;
        staleAt = seen === changes ? now() + REFRESH_MS : 0;
        return fresh;
      })
      .catch((error: unknown) => {
        if (!failing) source.logger.warn({ err: error }, 'release registry unreadable; serving the last snapshot');
        failing = true;
        staleAt = now() + RETRY_MS;
        return snapshot;
      })
      .finally(() => {
        reading = null;
        if (staleAt === 0) void reread();
      });
    return reading;
  };

  // Releases not yet prepared are tried again whether or not a request comes.
  function retryLater() {
    setTimeout(() => void reread(), RETRY_MS).unref();
  }
  if (behind) retryLater();
  const stopListening = await source.db.listen(RELEASE_REGISTRY_CHANNEL, () => {
    changes += 1;
    staleAt = 0;
    void reread();
  });

  return {
    current: async () => {
      if (now() < staleAt) return snapshot;
      if (!preparing) return reread();
      const inForce = snapshot;
      return Promise.race([reread(), delay(PREPARE_WAIT_MS, inForce, { ref: false })]);
    },
    readable: () => !failing,
    behind: () => behind,
    isReportToken: (remote, version, token) => {
      const expected = Buffer.from(sign(remote, version));
      const given = Buffer.from(token ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    close: stopListening,
  };
}
