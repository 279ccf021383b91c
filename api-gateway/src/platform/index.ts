// The platform module: what every other module stands on: the database (embedded or PostgreSQL),
// migrations and backups, HTTP middleware, rate limits, password hashing, the outbox and its
// signed links, metrics and the logger.
// The rest of the gateway imports it from here only.

export {
  restoreEmbedded,
  restorePostgres,
  rowsDiffer,
  tableRows,
  writeEmbeddedBackup,
  writePostgresBackup,
  backupManifestSchema,
  type BackupManifest,
} from './db/backup.js';
export { databaseProbe, type DatabaseProbe } from './db/database-probe.js';
export { openDatabase, type Database, type Queryable } from './db/database.js';
export { groupCommit } from './db/group-commit.js';
export { migrate } from './db/migrate.js';
export { type GatewayModule, OperatorCommandError, operatorCommand, optionsOf } from './gateway-module.js';
export { escapeHtml } from './escape-html.js';
export { keyedPageData } from './keyed-page-data.js';
export { renderEmail, type EmailContent, type RenderedEmail } from './email/email-layout.js';
export { enqueueEmail, eraseOutboxRows, sqlOutboxKinds, type OutboxKind, type QueuedEmail } from './email/outbox.js';
export { linkNonce, nonceHash, signedLinks, type SignedLinks } from './email/signed-links.js';
export { createLogger, type Logger } from './logger.js';
export { platformModule, type Platform, type PlatformOverrides } from './platform-module.js';
export { type GatewayMetrics } from './metrics/gateway-metrics.js';
export { acceptForm, linkTokenOf, parseBody } from './middleware/accept-form.js';
export { type BrowserPostGuards } from './middleware/browser-post-guards.js';
export { clientAddress } from './middleware/client-address.js';
export { clientNetwork } from './client-network.js';
export { errorHandler, httpAnswerOf } from './middleware/error-handler.js';
export { isPagePath, sendStatusPage } from './middleware/status-page.js';
export { jsonBody, readAsForm, FORM_BODY_LIMIT_BYTES } from './middleware/json-body.js';
export { wellFormedIds } from './middleware/well-formed-ids.js';
export { rateLimit } from './middleware/rate-limit.js';
export { sessionCookie } from './middleware/session-cookie.js';
export { boundedPath, requestLogger } from './middleware/request-logger.js';
export { answeredBy } from './middleware/request-metrics.js';
export { cspHash, policyHeader, type SecurityPolicy } from './middleware/security-headers.js';
export { passwordHasher, type PasswordHasher } from './passwords/password-hash.js';
export { type FormRateLimiter } from './rate-limit/form-rate-limiter.js';
export { type SiteOrigin } from './site-origin.js';
