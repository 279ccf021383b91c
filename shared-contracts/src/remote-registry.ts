import * as z from 'zod/mini';
import { remoteNames } from './remote-contract.js';

/** One remote as the registry announces it: where its manifest (or remoteEntry.js) lives. */
export const remoteRegistryEntrySchema = z.object({
  entry: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  /** SHA-256 of the release's files as published (`sha256-…`); absent for a configured build. */
  digest: z.optional(z.string()),
  /** What the page sends with a failure report about this release, so that the gateway counts it. */
  reportToken: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * The registry document the shell reads at start-up (`/remotes.json`). It names every remote: the
 * shell knows no remote URL at build time, and this document alone says which build of each runs.
 */
export const remoteRegistrySchema = z.object({
  remotes: z.record(z.enum(remoteNames), remoteRegistryEntrySchema),
});

export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
export type RemoteRegistryEntry = z.infer<typeof remoteRegistryEntrySchema>;

/** Where the shell finds the registry document, relative to its own origin. */
export const REMOTE_REGISTRY_PATH = '/remotes.json';
