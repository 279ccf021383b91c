import type { EventRegistrationState } from './events/party-events.js';

/**
 * What a federated remote is called, by its Module Federation name (`mf-participation`): the registry
 * holds which remotes exist (decision 0048), so a name is checked for its form here and for its
 * existence there.
 */
export const REMOTE_NAME = /^mf-[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const REMOTE_NAME_MAX = 40;
export type RemoteName = string;

/** What operators publish, activate and roll back: each remote, and the shell that composes them. */
export type FrontEndName = RemoteName | 'shell';

export const isRemoteName = (value: unknown): value is RemoteName =>
  typeof value === 'string' && value.length <= REMOTE_NAME_MAX && REMOTE_NAME.test(value);
export const isFrontEndName = (value: unknown): value is FrontEndName => value === 'shell' || isRemoteName(value);

/** What a release's version may be: it names a folder of the release store and a part of its URLs. */
export const RELEASE_VERSION = /^[\w.+-]{1,64}$/;
/**
 * How long a preview link works, in hours: unless asked otherwise, and at most. A day at most: a link
 * forwarded beyond its team keeps showing an unreleased page only that long (staff can end it sooner).
 */
export const PREVIEW_HOURS = { default: 24, most: 24 } as const;

export const notAVersion = (version: string) => `"${version}" is not a version: letters, digits and . + - _ only`;

/** One line of a remote's history: a publication, switch, rollback or canary. */
export interface HistoryEntry {
  at: string;
  event: 'published' | 'activate' | 'rollback' | 'canary' | 'promote' | 'canary-end';
  /** `configured` for a switch to the configured build. */
  version: string;
  previousVersion: string | null;
  by: string;
  reason: string;
  /** The share of visitors, for a canary's start. */
  percent?: number;
}

/**
 * Components a remote exposes for another remote to embed, by Module Federation id, with their
 * props. One component serves every page that shows it: the others load it, never copy it.
 */
export interface RemoteWidgets {
  'mf-engagement/NewsletterSignup': NewsletterSignupProps;
  'mf-engagement/EventRegistration': EventRegistrationProps;
}

export type RemoteWidgetId = keyof RemoteWidgets;

/** Every widget id, at run time; `satisfies` keeps the list complete. */
export const remoteWidgetIds = Object.keys({
  'mf-engagement/NewsletterSignup': true,
  'mf-engagement/EventRegistration': true,
} satisfies Record<RemoteWidgetId, true>) as RemoteWidgetId[];

export interface NewsletterSignupProps {
  /** Prefixes the ids of its field and heading, so that two boxes on one page stay distinct. */
  idPrefix: string;
  /** `band`: a full-width strip on a dark background; `panel`: a side panel. */
  layout: 'band' | 'panel';
  headingLevel: 2 | 3;
}

export interface EventRegistrationProps {
  /** The event's id, as in /events/<id>. */
  eventId: string;
  eventTitle: string;
  /** Places left, or the waitlist: what registering now would give. */
  registration: EventRegistrationState;
}

/** The `exposes` keys of a remote's widgets, e.g. `./NewsletterSignup`. */
export type ExposedWidgetKey<R extends RemoteName> = {
  [Id in RemoteWidgetId]: Id extends `${R}/${infer Widget}` ? `./${Widget}` : never;
}[RemoteWidgetId];

/** The Module Federation request id of a page, e.g. `mf-content/Home`. */
export function remoteModuleId(route: { remote: RemoteName; page: string }): string {
  return `${route.remote}/${route.page}`;
}
