import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import * as z from 'zod';
import {
  PARTY_HEADQUARTERS,
  PARTY_NAME,
  REMOTE_MANIFEST_FILE,
  builtInRemoteNames,
  isBuiltInRemoteName,
  type BuiltInRemoteName,
  type RemoteName,
} from '@party/shared-contracts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = path.resolve(packageRoot, '..');

const envName = (remote: BuiltInRemoteName) => `REMOTE_ENTRY_${remote.replace('-', '_').toUpperCase()}`;

const configSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A database that does not answer within these is reported (503), never waited for. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  PGLITE_DATA_DIR: z.string().default(path.join(packageRoot, '.data', 'pglite')),
  /**
   * The Unix socket through which `npm run remotes|tokens|staff` reach the running gateway on its
   * machine; `off` for none. By default, beside the embedded database's folder (which no other
   * process may open while the site runs); none on PostgreSQL, which the commands open themselves.
   */
  CONTROL_SOCKET: z.string().min(1).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Form submissions one client may make to one endpoint per window. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Namespace of the rate limit's keys in a Redis shared with other applications. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('party-gateway:forms'),
  /** Origins besides the gateway's own whose pages may post the forms (the dev servers), comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((origin) => new URL(origin).origin))),
  /**
   * Behind a load balancer or reverse proxy: the proxies whose X-Forwarded-* headers count, as
   * addresses or CIDR ranges (`loopback`, `10.0.0.0/8`), or as a number of hops. `false`: none.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustedProxies | null => {
      const trimmed = value.trim();
      if (trimmed === '' || trimmed === 'false') return null;
      if (/^\d+$/.test(trimmed)) return { hops: Number(trimmed) };
      if (trimmed === 'true') {
        context.addIssue({
          code: 'custom',
          message: 'name the proxies (addresses or CIDR ranges) or a number of hops: `true` would trust any client',
        });
        return z.NEVER;
      }
      const addresses = trimmed
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(addresses);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
      return { addresses };
    }),
  /** The internal listener for `/metrics` (Prometheus); unset, metrics are not served at all. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** A listener of its own for release control (`/api/admin`); unset, it is on the public one. */
  ADMIN_HOST: z.string().default('127.0.0.1'),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** argon2id hashes at once (each takes a core for ~25 ms), and how many may wait for one. */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .default(Math.max(1, os.availableParallelism() - 1)),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(32),
  /** Staff console sessions end after this long without a request (ASVS 7.3.1)… */
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** …and this long after sign-in in any case (7.3.2). */
  STAFF_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Above common load balancers' idle timeouts (60 s), so that the balancer, not the gateway, ends an idle connection. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
  /** On SIGTERM: how long the gateway answers not ready (503 /readyz) before it stops taking connections. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  /** On SIGTERM: how long requests in flight and the outbox may take to finish before they are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(25_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1024),
  /** Memory for hashed assets already sent once (0: every file read from disk each time). */
  ASSET_MEMORY_MB: z.coerce.number().min(0).default(64),
  /**
   * Key of the daily-rotated hash that identifies a client in the logs without its address. Set it
   * to the same secret on every instance to follow a client across them; random per start otherwise.
   */
  LOG_CLIENT_KEY: z.string().min(16).optional(),
  /** Where published remote releases are kept, as `<remote>/<version>/`. */
  RELEASE_STORE_DIR: z.string().default(path.join(packageRoot, '.data', 'releases')),
  /** The URL that serves the release store: the gateway's `/releases` by default, or a CDN. */
  RELEASE_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/)
    .default('/releases'),
  SERVE_SITE: z.stringbool().default(true),
  /** The site's origin for every URL it makes; unset, only a loopback gateway starts (site-origin.ts). */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** How long a page request waits for its server render before the browser is left to render it. */
  PAGE_RENDER_BUDGET_MS: z.coerce.number().int().min(1).max(5000).default(80),
  SITE_ROOT: z.string().default(repositoryRoot),
  /** The SMTP server email leaves through (`smtp://user:pass@host:587`, `smtps://…`); unset, emails are written as files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Where emails are written without SMTP_URL. */
  MAIL_DIR: z.string().default(path.join(packageRoot, '.data', 'mail')),
  MAIL_FROM: z
    .string()
    .regex(/<[^@\s]+@[^>\s]+>$/, 'write it as `Name <address@domain>`')
    .default(`${PARTY_NAME} <${PARTY_HEADQUARTERS.email}>`),
  /** Where contact messages are delivered. */
  PARTY_INBOX: z.email().default(PARTY_HEADQUARTERS.email),
  /** Signs the links in emails; every instance must share it. Unset, one is kept in the database. */
  SIGNING_SECRET: z.string().min(32).optional(),
  /** Whether this instance applies the retention rules (several may: one at a time holds them). */
  RETENTION_WORKER: z.stringbool().default(true),
  /** Whether this instance delivers the outbox (several may: they never take the same message). */
  OUTBOX_WORKER: z.stringbool().default(true),
  /** How often this instance passes lapsed waitlist offers on and queues due event reminders. */
  EVENTS_ROUND_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  /**
   * Whether the gateway applies pending migrations when it starts (one instance, the embedded
   * default); `false` in a rolling deploy, where `npm run migrate` runs first and each instance
   * only checks that the schema is its own.
   */
  MIGRATE_ON_START: z.stringbool().default(true),
  /** The donation rules: a shipped profile (`us-federal`, `uk`, `no-crypto`) or a JSON file's path. */
  DONATION_RULES: z.string().min(1).default('us-federal'),
  /** Whether this instance re-checks pending donations on chain (several may: each takes its own). */
  DONATION_WORKER: z.stringbool().default(true),
  DONATION_CHECK_MS: z.coerce.number().int().min(10).default(15_000),
  /** How long an RPC endpoint may take to answer before the next one is tried. */
  DONATION_RPC_TIMEOUT_MS: z.coerce.number().int().min(50).default(4_000),
  /** How long a pledge holds its place under the donor's cap, and may be fulfilled, once made. */
  DONATION_PLEDGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  ...Object.fromEntries(builtInRemoteNames.map((remote) => [envName(remote), z.string().min(1).optional()])),
});

export type TrustedProxies = { hops: number } | { addresses: string[] };

/** Every environment variable the gateway reads, in the schema's order (docs/configuration.md follows it). */
export const configVariableNames = (): string[] => Object.keys(configSchema.shape);

export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  database:
    | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs: number; queryTimeoutMs: number }
    | { kind: 'pglite'; dataDir: string };
  migrateOnStart: boolean;
  /** Whether this instance applies the retention rules. */
  retentionWorker: boolean;
  /** How often this instance runs the events' rounds (offers, reminders); 0: never. */
  eventsRoundMs: number;
  /** Where the form rate limit is counted: this process, or Redis shared by every instance. */
  rateLimit: { limit: number; windowMs: number; redisUrl: string | null; keyPrefix: string };
  allowedOrigins: string[];
  trustProxy: TrustedProxies | null;
  metrics: { host: string; port: number } | null;
  /** Where release control is served: a listener of its own, or (null) the public one. */
  admin: { host: string; port: number } | null;
  passwordHashing: { concurrency: number; queue: number };
  staffSessions: { idleMinutes: number; hours: number };
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** What SIGTERM waits for: the drain (not ready, still serving), then what is in flight. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** How many bytes of hashed assets (site and release store) are kept in memory. */
  assetMemoryBytes: number;
  logClientKey: string;
  /** All-in-one mode: also serve the built shell and remotes, and the pages rendered from them. */
  site: { shellDir: string; remoteDir: (remote: RemoteName) => string | null; renderBudgetMs: number } | null;
  /**
   * Where each of the repository's remotes has its manifest served from until a published release of
   * it is activated (the registry in the database then wins). A remote added to the registry since
   * has no configured build: only its releases.
   */
  remoteEntries: Record<BuiltInRemoteName, string>;
  /** The folder of each configured build, where a relative `remoteEntries` URL points. */
  configuredBuildDir: (remote: BuiltInRemoteName) => string;
  releases: { storeDir: string; baseUrl: string };
  /** The control socket's path (`CONTROL_SOCKET`), or null for none. */
  controlSocket: string | null;
  /** The site's public origin for links that leave the page (canonical URLs, emails); the request's when null. */
  publicOrigin: string | null;
  email: {
    transport: { kind: 'smtp'; url: string } | { kind: 'files'; dir: string };
    from: string;
    partyInbox: string;
    signingSecret: string | null;
    /** Null when another instance delivers the outbox. */
    worker: { pollMs: number; concurrency: number; maxAttempts: number } | null;
  };
  donations: {
    /** A shipped profile's name or a JSON file's path: the donations module reads it. */
    rules: string;
    /** Whether this instance re-checks pending donations (another may do it). */
    worker: boolean;
    /** How often a pending donation is first re-checked (later ones back off). */
    recheckMs: number;
    rpcTimeoutMs: number;
    pledgeMs: number;
  };
}

/** Reads and validates the environment once; throws with every problem listed. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid gateway configuration:\n${z.prettifyError(parsed.error)}`);
  const values = parsed.data as z.infer<typeof configSchema> & Record<string, string | undefined>;
  const siteRoot = path.resolve(values.SITE_ROOT);
  const configuredBuildDir = (remote: BuiltInRemoteName) => path.join(siteRoot, remote, 'dist');

  return {
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          url: values.DATABASE_URL,
          poolSize: values.DATABASE_POOL_SIZE,
          connectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: values.DATABASE_QUERY_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: values.PGLITE_DATA_DIR },
    migrateOnStart: values.MIGRATE_ON_START,
    retentionWorker: values.RETENTION_WORKER,
    eventsRoundMs: values.EVENTS_ROUND_SECONDS * 1000,
    rateLimit: {
      limit: values.FORM_RATE_LIMIT,
      windowMs: values.FORM_RATE_WINDOW_SECONDS * 1000,
      redisUrl: values.REDIS_URL ?? null,
      keyPrefix: values.RATE_LIMIT_KEY_PREFIX,
    },
    allowedOrigins: values.ALLOWED_ORIGINS,
    trustProxy: values.TRUST_PROXY,
    metrics: values.METRICS_PORT === undefined ? null : { host: values.METRICS_HOST, port: values.METRICS_PORT },
    admin: values.ADMIN_PORT === undefined ? null : { host: values.ADMIN_HOST, port: values.ADMIN_PORT },
    passwordHashing: { concurrency: values.PASSWORD_HASH_CONCURRENCY, queue: values.PASSWORD_HASH_QUEUE },
    staffSessions: { idleMinutes: values.STAFF_SESSION_IDLE_MINUTES, hours: values.STAFF_SESSION_HOURS },
    http: {
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: values.HTTP_MAX_CONNECTIONS,
    },
    shutdown: { drainMs: values.SHUTDOWN_DRAIN_MS, timeoutMs: values.SHUTDOWN_TIMEOUT_MS },
    assetMemoryBytes: Math.floor(values.ASSET_MEMORY_MB * 1024 * 1024),
    logClientKey: values.LOG_CLIENT_KEY ?? randomBytes(32).toString('hex'),
    site: values.SERVE_SITE
      ? {
          shellDir: path.join(siteRoot, 'shell', 'dist'),
          remoteDir: (remote) => (isBuiltInRemoteName(remote) ? configuredBuildDir(remote) : null),
          renderBudgetMs: values.PAGE_RENDER_BUDGET_MS,
        }
      : null,
    configuredBuildDir,
    releases: { storeDir: path.resolve(values.RELEASE_STORE_DIR), baseUrl: values.RELEASE_BASE_URL.replace(/\/$/, '') },
    controlSocket:
      values.CONTROL_SOCKET === 'off'
        ? null
        : values.CONTROL_SOCKET
          ? path.resolve(values.CONTROL_SOCKET)
          : values.DATABASE_URL || values.PGLITE_DATA_DIR === 'memory://'
            ? null
            : `${path.resolve(values.PGLITE_DATA_DIR).replace(/[/\\]+$/, '')}.control.sock`,
    publicOrigin: values.PUBLIC_ORIGIN ?? null,
    email: {
      transport: values.SMTP_URL
        ? { kind: 'smtp', url: values.SMTP_URL }
        : { kind: 'files', dir: path.resolve(values.MAIL_DIR) },
      from: values.MAIL_FROM,
      partyInbox: values.PARTY_INBOX,
      signingSecret: values.SIGNING_SECRET ?? null,
      worker: values.OUTBOX_WORKER
        ? {
            pollMs: values.OUTBOX_POLL_MS,
            concurrency: values.OUTBOX_CONCURRENCY,
            maxAttempts: values.OUTBOX_MAX_ATTEMPTS,
          }
        : null,
    },
    donations: {
      rules: values.DONATION_RULES,
      worker: values.DONATION_WORKER,
      recheckMs: values.DONATION_CHECK_MS,
      rpcTimeoutMs: values.DONATION_RPC_TIMEOUT_MS,
      pledgeMs: values.DONATION_PLEDGE_MINUTES * 60_000,
    },
    remoteEntries: Object.fromEntries(
      builtInRemoteNames.map((remote) => [
        remote,
        values[envName(remote)] ?? `/remotes/${remote}/${REMOTE_MANIFEST_FILE}`,
      ]),
    ) as Record<BuiltInRemoteName, string>,
  };
}

/**
 * What a valid configuration may still get wrong, said at start-up: behind a TLS proxy (an https
 * public origin) without TRUST_PROXY, every visitor shares one rate limit and the proxy's address,
 * and pages are composed for http.
 */
export function configurationWarnings(config: Pick<GatewayConfig, 'publicOrigin' | 'trustProxy'>): string[] {
  return config.publicOrigin?.startsWith('https://') && !config.trustProxy
    ? [
        'PUBLIC_ORIGIN is https but TRUST_PROXY is unset: behind a proxy every visitor would share one rate limit and one address. Name the proxy (TRUST_PROXY=loopback, a CIDR range, or a hop count).',
      ]
    : [];
}
