import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { REMOTE_MANIFEST_FILE, remoteNames, type RemoteName } from '@party/shared-contracts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = path.resolve(packageRoot, '..');

const envName = (remote: RemoteName) => `REMOTE_ENTRY_${remote.replace('-', '_').toUpperCase()}`;

const configSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DATA_DIR: z.string().default(path.join(packageRoot, '.data', 'pglite')),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Form submissions one client may make to one endpoint per window. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Origins besides the gateway's own whose pages may post the forms (the dev servers), comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((origin) => new URL(origin).origin))),
  /** Set behind a load balancer or reverse proxy: trust the X-Forwarded-* headers of one hop. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Where published remote releases are kept, as `<remote>/<version>/`. */
  RELEASE_STORE_DIR: z.string().default(path.join(packageRoot, '.data', 'releases')),
  /** The URL that serves the release store: the gateway's `/releases` by default, or a CDN. */
  RELEASE_BASE_URL: z.string().regex(/^(\/|https?:\/\/)/).default('/releases'),
  SERVE_SITE: z.stringbool().default(true),
  SITE_ROOT: z.string().default(repositoryRoot),
  ...Object.fromEntries(remoteNames.map((remote) => [envName(remote), z.string().min(1).optional()])),
});

export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Where the form rate limit is counted: this process, or Redis shared by every instance. */
  rateLimit: { limit: number; windowMs: number; redisUrl: string | null };
  allowedOrigins: string[];
  trustProxy: boolean;
  /** All-in-one mode: also serve the built shell and remotes. */
  site: { shellDir: string; remoteDir: (remote: RemoteName) => string } | null;
  /**
   * Where each remote's manifest is served from until a published release of it is activated (the
   * registry in the database then wins).
   */
  remoteEntries: Record<RemoteName, string>;
  releases: { storeDir: string; baseUrl: string };
}

/** Reads and validates the environment once; throws with every problem listed. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid gateway configuration:\n${z.prettifyError(parsed.error)}`);
  const values = parsed.data as z.infer<typeof configSchema> & Record<string, string | undefined>;
  const siteRoot = path.resolve(values.SITE_ROOT);

  return {
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: values.PGLITE_DATA_DIR },
    rateLimit: {
      limit: values.FORM_RATE_LIMIT,
      windowMs: values.FORM_RATE_WINDOW_SECONDS * 1000,
      redisUrl: values.REDIS_URL ?? null,
    },
    allowedOrigins: values.ALLOWED_ORIGINS,
    trustProxy: values.TRUST_PROXY,
    site: values.SERVE_SITE
      ? {
          shellDir: path.join(siteRoot, 'shell', 'dist'),
          remoteDir: (remote) => path.join(siteRoot, remote, 'dist'),
        }
      : null,
    releases: { storeDir: path.resolve(values.RELEASE_STORE_DIR), baseUrl: values.RELEASE_BASE_URL.replace(/\/$/, '') },
    remoteEntries: Object.fromEntries(
      remoteNames.map((remote) => [remote, values[envName(remote)] ?? `/remotes/${remote}/${REMOTE_MANIFEST_FILE}`]),
    ) as Record<RemoteName, string>,
  };
}
