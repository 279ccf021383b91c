import * as z from 'zod/mini';
import { donationLinks } from './donations/donation-terms.js';
import { eventLinks } from './events/party-events.js';
import { REMOTE_NAME, REMOTE_NAME_MAX } from './remote-contract.js';
import { dataRightsLinks, memberLinks, newsletterLinks, REMOTE_REGISTRY_PATH } from './site-links.js';

const PATH = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;

/** Where a remote's pages may be linked from by the shell: its header's main navigation, its footer. */
export const linkPlaces = ['header', 'footer'] as const;
export type LinkPlace = (typeof linkPlaces)[number];

/**
 * What the site knows of a remote beside its releases (decision 0048): its Module Federation name;
 * the path prefixes its pages live under (a prefix is a whole path or a parent of one; the longest
 * that matches a path owns it, and `/` takes what no other claims); the pages other parts of the site
 * link to, which each of its releases must keep serving; and where the shell may link to its pages.
 */
export const remoteDefinitionSchema = z.object({
  name: z.string().check(z.regex(REMOTE_NAME, 'A name such as mf-participation'), z.maxLength(REMOTE_NAME_MAX)),
  prefixes: z
    .array(z.string().check(z.regex(PATH, 'A path such as /consultations'), z.maxLength(60)))
    .check(z.minLength(1, 'At least one path prefix'), z.maxLength(20)),
  linkedPaths: z.array(z.string().check(z.regex(PATH), z.maxLength(100))).check(z.maxLength(50)),
  linkPlaces: z.array(z.enum(linkPlaces)),
});
export type RemoteDefinition = z.infer<typeof remoteDefinitionSchema>;

/** The remotes this repository builds: the registry's first entries. */
export const builtInRemotes = [
  {
    name: 'mf-content',
    prefixes: ['/'],
    linkedPaths: ['/', '/privacy', '/terms'],
    linkPlaces: ['header', 'footer'],
  },
  {
    name: 'mf-engagement',
    prefixes: [
      '/contact',
      '/join',
      '/membership',
      '/membership-confirmation',
      '/members',
      '/newsletter',
      '/volunteer',
      '/staff',
      '/your-data',
      eventLinks.placePage,
    ],
    linkedPaths: [
      '/join',
      newsletterLinks.confirmPage,
      newsletterLinks.unsubscribePage,
      memberLinks.confirmPage,
      memberLinks.signInPage,
      memberLinks.accountPage,
      memberLinks.resetPasswordPage,
      dataRightsLinks.requestPage,
      dataRightsLinks.copyPage,
      dataRightsLinks.erasurePage,
      eventLinks.placePage,
    ],
    linkPlaces: ['footer'],
  },
  {
    name: 'mf-donate',
    prefixes: ['/donate'],
    linkedPaths: [donationLinks.confirmEmailPage],
    linkPlaces: ['header', 'footer'],
  },
] as const satisfies readonly RemoteDefinition[];

/** The names of the remotes this repository builds (and a gateway may have configured builds of). */
export const builtInRemoteNames = builtInRemotes.map((remote) => remote.name);
export type BuiltInRemoteName = (typeof builtInRemotes)[number]['name'];
export const isBuiltInRemoteName = (value: unknown): value is BuiltInRemoteName =>
  (builtInRemoteNames as readonly unknown[]).includes(value);

/**
 * Paths the gateway answers itself, never a remote's page: its API, the release store and the
 * remotes' files, the registry document, the shell's files and link-preview cards, health checks,
 * and what crawlers and browsers ask for at the root.
 */
export const reservedPrefixes = [
  '/api',
  '/releases',
  '/remotes',
  REMOTE_REGISTRY_PATH,
  '/static',
  '/og',
  '/livez',
  '/readyz',
  '/metrics',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.ico',
  '/.well-known',
] as const;

const underPrefix = (path: string, prefix: string) =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
const overlap = (a: string, b: string) =>
  a === b || (a !== '/' && b !== '/' && (underPrefix(a, b) || underPrefix(b, a)));

/** The remote whose prefixes hold `path`: the one with the longest prefix that matches. */
export function ownerOfPath(path: string, remotes: readonly RemoteDefinition[]): string | undefined {
  let owner: string | undefined;
  let longest = -1;
  for (const { name, prefixes } of remotes)
    for (const prefix of prefixes)
      if (underPrefix(path, prefix) && prefix.length > longest) [owner, longest] = [name, prefix.length];
  return owner;
}

/**
 * What stops `candidate` joining `remotes` (or replacing its own entry): a name taken by another
 * entry is a replacement, not a problem; a prefix that is, holds or lies under another remote's or
 * one the gateway keeps is. One remote alone takes `/`, whatever the others do not claim.
 */
export function prefixProblems(remotes: readonly RemoteDefinition[], candidate: RemoteDefinition): string[] {
  const problems: string[] = [];
  for (const prefix of candidate.prefixes) {
    for (const reserved of reservedPrefixes)
      if (overlap(prefix, reserved)) problems.push(`${prefix} is the gateway's own (${reserved})`);
    for (const other of remotes)
      if (other.name !== candidate.name)
        for (const taken of other.prefixes)
          if (overlap(prefix, taken)) problems.push(`${prefix} overlaps ${taken}, a prefix of ${other.name}`);
  }
  for (const path of candidate.linkedPaths)
    if (!candidate.prefixes.some((prefix) => underPrefix(path, prefix)))
      problems.push(`${path} is linked to but lies under none of its prefixes`);
  return problems;
}
