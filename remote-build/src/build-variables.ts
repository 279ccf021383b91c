import * as z from 'zod/mini';

/**
 * The environment every front-end build reads, in one place: validated once, documented in
 * docs/configuration.md ("Builds"). The release tool sets the first three for a release.
 */
const buildVariablesSchema = z.object({
  /** The release label a build shows and is addressed by; a release of the shell is served from the release store. */
  REMOTE_RELEASE: z.optional(
    z.string().check(z.regex(/^[\w.+-]{1,100}$/, 'a release label: letters, digits and . + - _')),
  ),
  /** The federation build's output folder (default `dist`). */
  REMOTE_DIST_DIR: z._default(z.string().check(z.minLength(1)), 'dist'),
  /** Where a release of the shell finds the release store (default the gateway's `/releases`). */
  RELEASE_BASE_URL: z._default(
    z.string().check(z.regex(/^(\/|https?:\/\/)/, 'a path from the site root, or an http(s) URL')),
    '/releases',
  ),
  /** Where the dev servers and standalone harnesses send `/api` (default a gateway on port 8080). */
  GATEWAY_DEV_URL: z._default(z.url({ protocol: /^https?$/ }), 'http://localhost:8080'),
});

export type BuildVariables = z.infer<typeof buildVariablesSchema>;

/** Reads the build's environment; an invalid value stops the build, every problem listed. */
export function readBuildVariables(env: Record<string, string | undefined> = process.env): BuildVariables {
  const parsed = buildVariablesSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid build variables:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
