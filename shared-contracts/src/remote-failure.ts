import * as z from 'zod/mini';
import { remoteNameSchema, remoteRouteSchema } from './remote-registry.js';

/**
 * What the shell tells the gateway when a remote fails to load: which remote and release, a short
 * error code, the route pattern (never the visited URL) and the release's report token: nothing
 * about the visitor.
 */
export const remoteFailureReportSchema = z.object({
  remote: remoteNameSchema,
  version: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w.+-]+$/)),
  /** The federation runtime's code (`RUNTIME-008`) or one of the shell's own: a bounded set. */
  code: z.union([
    z.enum(['CHUNK_LOAD', 'CONTRACT', 'REGISTRY', 'RENDER_ERROR']),
    z.string().check(z.regex(/^RUNTIME-\d{3}$/)),
  ]),
  /** A route pattern of the page's registry (the gateway checks it against the releases it knows). */
  route: remoteRouteSchema.shape.path,
  /** The release's report token from the page's registry: proof that a page of the site sent it. */
  token: z.optional(z.string().check(z.maxLength(64))),
});

export type RemoteFailureReport = z.infer<typeof remoteFailureReportSchema>;
