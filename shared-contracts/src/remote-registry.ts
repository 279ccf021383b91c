import * as z from 'zod/mini';
import { REMOTE_NAME, REMOTE_NAME_MAX } from './remote-contract.js';
import { footerGroups } from './site-links.js';

const label = z.string().check(z.minLength(1), z.maxLength(40));
const order = z.number().check(z.int(), z.minimum(0), z.maximum(1000));

/**
 * One page a remote's release serves: its path (`:name` for a segment, e.g. `/news/:articleId`),
 * the exposed module that renders it (`./<page>`), and optionally its entries in the header's main
 * navigation and in the footer. `unlisted`: reached from an email or after a form, never from a
 * link of the site, and not in the sitemap.
 */
export const remoteRouteSchema = z.object({
  path: z.string().check(z.regex(/^\/([a-z0-9-]+|:[a-zA-Z]+)?(\/([a-z0-9-]+|:[a-zA-Z]+))*$/), z.maxLength(100)),
  page: z.string().check(z.regex(/^[A-Z]\w{0,60}$/)),
  unlisted: z.optional(z.literal(true)),
  nav: z.optional(z.object({ label, order })),
  footer: z.optional(
    z.object({ group: z.enum(Object.keys(footerGroups) as [keyof typeof footerGroups]), label, order }),
  ),
});

export type RemoteRoute = z.infer<typeof remoteRouteSchema>;

/** The routes a release declares (`routes.json` beside its manifest). */
export const routeTableSchema = z.array(remoteRouteSchema);

/** A remote's name as the registry document and the pages' reports carry it (the registry says which exist). */
export const remoteNameSchema = z.string().check(z.regex(REMOTE_NAME), z.maxLength(REMOTE_NAME_MAX));

/** One remote as the registry announces it: where its manifest (or remoteEntry.js) lives. */
export const remoteRegistryEntrySchema = z.object({
  entry: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  /** SHA-256 of the release's files as published (`sha256-…`); absent for a configured build. */
  digest: z.optional(z.string()),
  /** What the page sends with a failure report about this release, so that the gateway counts it. */
  reportToken: z.optional(z.string().check(z.maxLength(64))),
  /** The pages the release serves, as its build declared them: the shell routes by these. */
  routes: routeTableSchema,
  /** A release not active yet, shown to this browser alone through a preview link: the shell says so. */
  preview: z.optional(z.literal(true)),
});

/**
 * The registry document the shell reads at start-up (`/remotes.json`). It names every remote: the
 * shell knows no remote URL at build time, and this document alone says which build of each runs.
 */
export const remoteRegistrySchema = z.object({
  remotes: z.record(remoteNameSchema, remoteRegistryEntrySchema),
  /** The shell's release, named only while this browser previews one (its banner says so). */
  shell: z.optional(z.object({ version: z.string(), preview: z.literal(true) })),
});

export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
export type RemoteRegistryEntry = z.infer<typeof remoteRegistryEntrySchema>;
