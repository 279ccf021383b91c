import { configVariableNames } from './config.js';

// What docs/configuration.md says of each of the gateway's variables: its table is made from these,
// in the order of the schema (config.ts), and a test fails when a variable of the schema is missing
// here or the file differs from what these make (`npm run docs:config -w @party/api-gateway` writes it).

/** One row: the variable (and those documented with it), its default as shown, and what it means. */
export interface VariableDoc {
  with?: readonly string[];
  /** How the names are joined in the row: `A / B` (a pair), or `A, B, C` (one per remote). */
  joiner?: ' / ' | ', ';
  shownDefault: string;
  meaning: string;
}

export const configVariableDocs: Record<string, VariableDoc> = {
  HOST: {
    shownDefault: '`127.0.0.1`',
    meaning: 'Interface to listen on.',
  },
  PORT: {
    shownDefault: '`8080`',
    meaning: 'Port to listen on (`0` picks a free one).',
  },
  LOG_LEVEL: {
    shownDefault: '`info`',
    meaning: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`.',
  },
  DATABASE_URL: {
    shownDefault: 'unset',
    meaning: '`postgres://…` to use PostgreSQL instead of the embedded PGlite (which then runs in a worker thread).',
  },
  DATABASE_POOL_SIZE: {
    shownDefault: '`10`',
    meaning: 'PostgreSQL connections.',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    shownDefault: '`2000`',
    meaning: 'Longest wait for a PostgreSQL connection; past it, a 503.',
  },
  DATABASE_QUERY_TIMEOUT_MS: {
    shownDefault: '`5000`',
    meaning: 'Longest statement, on the server and on the client (a hung server); migrations are exempt.',
  },
  MIGRATE_ON_START: {
    shownDefault: '`true`',
    meaning:
      'Apply pending migrations at start-up. `false` for a rolling deploy: run `npm run migrate` first; each instance then only checks that the schema is its own (and, either way, refuses a database a newer build migrated). See `api-gateway/migrations/README.md`.',
  },
  REDIS_URL: {
    shownDefault: 'unset',
    meaning:
      "`redis://…` to count the form rate limit, and the admin API's limits (failed tokens, calls per token), in Redis, shared by every gateway instance; in memory otherwise, and in memory at once while Redis is away or slow (50 ms).",
  },
  RATE_LIMIT_KEY_PREFIX: {
    shownDefault: '`party-gateway:forms`',
    meaning: "Namespace of the rate limit's keys in Redis.",
  },
  FORM_RATE_LIMIT: {
    shownDefault: '`10`',
    meaning: 'Submissions one client may make to one form endpoint per window.',
  },
  FORM_RATE_WINDOW_SECONDS: {
    shownDefault: '`60`',
    meaning: "The rate limit's window.",
  },
  PASSWORD_HASH_CONCURRENCY: {
    shownDefault: 'cores − 1 (min 1)',
    meaning: 'argon2id hashes at once.',
  },
  PASSWORD_HASH_QUEUE: {
    shownDefault: '`32`',
    meaning: 'Registrations that may wait for a hash; beyond, `503` with `Retry-After`.',
  },
  STAFF_SESSION_IDLE_MINUTES: {
    shownDefault: '`30`',
    meaning: 'A staff console session ends after this long without a request.',
  },
  STAFF_SESSION_HOURS: {
    shownDefault: '`12`',
    meaning: 'A staff console session ends this long after sign-in, whatever its use.',
  },
  ALLOWED_ORIGINS: {
    shownDefault: 'empty',
    meaning:
      "Comma-separated origins, besides the gateway's own, whose pages may post the forms (`npm run dev` lists the dev servers).",
  },
  TRUST_PROXY: {
    shownDefault: '`false`',
    meaning:
      "Behind a load balancer: the proxies whose `X-Forwarded-*` count, as addresses or CIDR ranges (`loopback`, `10.0.0.0/8`), or a hop count (`1`). Anyone else's forwarding headers are dropped. `true` is refused.",
  },
  METRICS_HOST: {
    with: ['METRICS_PORT'],
    joiner: ' / ',
    shownDefault: '`127.0.0.1` / unset',
    meaning: 'The internal listener for `/metrics`; unset port, no metrics.',
  },
  ADMIN_HOST: {
    with: ['ADMIN_PORT'],
    joiner: ' / ',
    shownDefault: '`127.0.0.1` / unset',
    meaning:
      'A listener of its own for release control (`/api/admin`), to keep it off the public network; unset port, it is on the public listener (behind tokens).',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    with: ['HTTP_REQUEST_TIMEOUT_MS'],
    joiner: ' / ',
    shownDefault: '`10000` / `30000`',
    meaning: 'A client sending its headers or its whole request more slowly is cut off.',
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    shownDefault: '`65000`',
    meaning:
      "How long an idle connection is kept: above common load balancers' 60 s, so that the balancer ends it, never the gateway under its feet.",
  },
  SHUTDOWN_DRAIN_MS: {
    with: ['SHUTDOWN_TIMEOUT_MS'],
    joiner: ' / ',
    shownDefault: '`5000` / `25000`',
    meaning:
      'On SIGTERM: how long `/readyz` answers 503 (every answer closing its connection) before the listener closes; then how long requests in flight and the outbox may take before they are cut (the outbox hands back what it did not send).',
  },
  HTTP_MAX_CONNECTIONS: {
    shownDefault: '`1024`',
    meaning: 'Connections at once; more are refused.',
  },
  ASSET_MEMORY_MB: {
    shownDefault: '`64`',
    meaning:
      'Memory for hashed assets (`static/…`, of the site and the release store) once sent, least recently sent dropped first; `0` reads every file from disk each time.',
  },
  LOG_CLIENT_KEY: {
    shownDefault: 'random per start',
    meaning:
      'Key of the daily hash naming a client in the logs; the same secret on every instance follows a client across them.',
  },
  RELEASE_STORE_DIR: {
    shownDefault: '`api-gateway/.data/releases`',
    meaning:
      "This instance's cache of the release store (which is in the database): the releases it serves at `/releases/` and renders pages with, fetched and checked before use. Any empty folder will do.",
  },
  CONTROL_SOCKET: {
    shownDefault: '`<PGLITE_DATA_DIR>.control.sock` (none on PostgreSQL)',
    meaning:
      "The Unix socket the operators' commands on this machine reach the running gateway through; `off` for none.",
  },
  RELEASE_BASE_URL: {
    shownDefault: '`/releases`',
    meaning: 'Where browsers find the release store: the gateway, or a CDN holding the same layout.',
  },
  PGLITE_DATA_DIR: {
    shownDefault: '`api-gateway/.data/pglite`',
    meaning: 'Where PGlite keeps its data; `memory://` keeps nothing.',
  },
  SERVE_SITE: {
    shownDefault: '`true`',
    meaning: 'Also serve the pages, the built shell and remotes (`/remotes/<name>/`). `false` in `npm run dev`.',
  },
  PUBLIC_ORIGIN: {
    shownDefault: 'unset',
    meaning:
      "The site's origin (`https://…`): of its canonical and link-preview URLs, the links in its emails and its passkeys; the only origin (with ALLOWED_ORIGINS) its forms may be posted from. No request header (Host, X-Forwarded-Host) changes it. Unset, a gateway listening on loopback uses its own address; one listening beyond this machine refuses to start.",
  },
  SMTP_URL: {
    shownDefault: 'unset',
    meaning:
      '`smtp://user:pass@host:587` or `smtps://…`: the server email leaves through (pooled). Unset, every email is written as `<id>.eml` into `MAIL_DIR` and logged in one line.',
  },
  MAIL_DIR: {
    shownDefault: '`api-gateway/.data/mail`',
    meaning: 'Where emails are written without `SMTP_URL` (`npm run dev`: `.data/dev/mail`).',
  },
  MAIL_FROM: {
    shownDefault: '`The Refoundation Party <hello@refoundation.example>`',
    meaning: 'The sender of every email.',
  },
  PARTY_INBOX: {
    shownDefault: '`hello@refoundation.example`',
    meaning: 'Where contact messages are delivered (reply-to: the visitor).',
  },
  SIGNING_SECRET: {
    shownDefault: 'one kept in the database',
    meaning:
      'Key (32+ characters) signing the links in emails; unset, one is made once per database, so every instance on it agrees.',
  },
  RETENTION_WORKER: {
    shownDefault: '`true`',
    meaning:
      'Whether this instance applies the retention rules (hourly and at start-up). Several may: one at a time holds a lease in the database, deletes in batches of 5,000, and a rule that fails leaves the others to run.',
  },
  OUTBOX_WORKER: {
    shownDefault: '`true`',
    meaning: 'Whether this instance delivers the outbox; several may (they never take the same message).',
  },
  EVENTS_ROUND_SECONDS: {
    shownDefault: '`60`',
    meaning:
      'How often this instance passes waitlist offers not taken in time to the next person and queues due event reminders; `0`: never. Several instances may: each reminder goes once.',
  },
  DONATION_RULES: {
    shownDefault: '`us-federal`',
    meaning:
      "The donation rules: `us-federal`, `uk`, `no-crypto` (in `api-gateway/donation-rules/`), or a JSON file's path.",
  },
  DONATION_WORKER: {
    with: ['DONATION_CHECK_MS'],
    joiner: ' / ',
    shownDefault: '`true` / `15000`',
    meaning:
      "Whether this instance follows the donation networks (the watcher, the re-checks, the treasurers' daily email), and the first wait between checks (it doubles, up to 10 minutes, for a donation, or a network that does not answer).",
  },
  DONATION_RPC_TIMEOUT_MS: {
    shownDefault: '`4000`',
    meaning: 'How long one RPC URL may take before the next is tried.',
  },
  DONATION_PLEDGE_MINUTES: {
    shownDefault: '`60`',
    meaning:
      "How long a pledge holds its place under the donor's cap and may be fulfilled; a pledge its page withdraws (the donor declined in the wallet) stops at once.",
  },
  OUTBOX_POLL_MS: {
    with: ['OUTBOX_CONCURRENCY', 'OUTBOX_MAX_ATTEMPTS'],
    joiner: ' / ',
    shownDefault: '`1000` / `4` / `8`',
    meaning:
      'How often an idle worker looks (a form that queues an email wakes it at once), messages in flight, attempts before a message is `failed` (30 s, 1, 2, 4… min apart, ±20%).',
  },
  PAGE_RENDER_BUDGET_MS: {
    shownDefault: '`80`',
    meaning:
      'How long a page request waits for its server render before the page is sent for the browser to render (and counted).',
  },
  SITE_ROOT: {
    shownDefault: 'the repository',
    meaning: 'Folder holding `shell/dist` and `<remote>/dist`.',
  },
  REMOTE_ENTRY_MF_CONTENT: {
    with: ['REMOTE_ENTRY_MF_ENGAGEMENT', 'REMOTE_ENTRY_MF_DONATE'],
    joiner: ', ',
    shownDefault: '`/remotes/<name>/mf-manifest.json`',
    meaning: 'The manifest URL `/remotes.json` announces for a remote that has no active published release.',
  },
};

/** Variables of the schema that no row documents, and rows for variables the schema lacks. */
export function configDocProblems(): string[] {
  const names = new Set(configVariableNames());
  const documented = Object.entries(configVariableDocs).flatMap(([name, doc]) => [name, ...(doc.with ?? [])]);
  return [
    ...[...names]
      .filter((name) => !documented.includes(name))
      .map((name) => `${name} is in the schema but not documented in config-variables.ts`),
    ...documented.filter((name) => !names.has(name)).map((name) => `${name} is documented but not in the schema`),
  ];
}

/** The gateway's table of docs/configuration.md, in the schema's order. */
export function configurationTable(): string {
  const grouped = new Set(Object.values(configVariableDocs).flatMap((doc) => doc.with ?? []));
  const rows = configVariableNames()
    .filter((name) => !grouped.has(name) && configVariableDocs[name])
    .map((name) => {
      const doc = configVariableDocs[name]!;
      const names = [name, ...(doc.with ?? [])].map((each) => `\`${each}\``).join(doc.joiner ?? ' / ');
      return `| ${names} | ${doc.shownDefault} | ${doc.meaning} |`;
    });
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
