import type { ConsultationSummary, ConsultationView } from './consultations/consultation-schemas.js';
import type { DonationTerms, PublicDonationLedger } from './donations/donation-terms.js';
import type { EventCalendar, EventPlace, PartyEvent } from './events/party-events.js';
import type { MemberAccount } from './forms/member-account.js';
import type { PageMeta } from './shell-channel.js';

/**
 * What the shell, the remotes and the gateway's page renderer agree on to render a page on the
 * server. Each package bundles its own copy of this module, so what a render shares lives on
 * `globalThis` under these symbols, set by the renderer around one synchronous render.
 */
const PAGE_META = Symbol.for('party.server-render.page-meta');
const WIDGETS = Symbol.for('party.server-render.widgets');
const SETTINGS = Symbol.for('party.server-render.site-settings');
const PAGE_DATA = Symbol.for('party.server-render.page-data');

/**
 * The gateway's configuration that pages show (where donations arrive, under which rules): written
 * into every page's HTML, so that no bundle carries it and the server render and the browser agree.
 */
export interface SiteSettings {
  donations: DonationTerms;
}

/** The id of the script element in which the gateway puts the site settings. */
export const SITE_SETTINGS_ELEMENT_ID = 'party-settings';

/**
 * What the gateway reads from its database for one page, rendered into it and written beside it
 * (a page whose figures change: the public donation ledger).
 */
export interface PageData {
  donationLedger?: PublicDonationLedger;
  /** A form the browser posted to this page without the page's code, and what was wrong with it. */
  formSubmission?: FormSubmission;
  /** The signed-in member's account, on the member area's page rendered for that member alone. */
  memberAccount?: MemberAccount;
  /** The events pages' list (/events, and the home page's next events). */
  eventCalendar?: EventCalendar;
  /** An event's own page: the id asked for, and the event (null: there is no such event). */
  eventPage?: { id: string; event: PartyEvent | null };
  /** A person's place, on the page their email's link opens (null: the link is not genuine). */
  eventPlace?: EventPlace | null;
  /** The signed-in member's places, on their account page. */
  memberEventPlaces?: EventPlace[];
  /** The consultations the public may read (/consultations, and each policy area's on /policy). */
  consultations?: ConsultationSummary[];
  /** A consultation's page or its moderation log: the slug asked for, and it (null: there is none). */
  consultationPage?: { slug: string; consultation: ConsultationView | null };
}

/**
 * A page form (pageFormNames) as a browser posted it, refused: what was typed (never a password),
 * each field's message, and the message of the whole answer.
 */
export interface FormSubmission {
  form: string;
  /** The gateway's answer: 400 for mistakes, 410 for an emailed link already used or expired… */
  status: number;
  values: Record<string, string | string[] | boolean>;
  fieldErrors: Record<string, string>;
  message: string;
}

/** The id of the script element in which the gateway puts a page's data. */
export const PAGE_DATA_ELEMENT_ID = 'party-page-data';

type ServerGlobals = {
  [PAGE_META]?: (meta: PageMeta) => void;
  [WIDGETS]?: (id: string) => unknown;
  [SETTINGS]?: SiteSettings | null;
  [PAGE_DATA]?: PageData | null;
};
const serverGlobals = globalThis as typeof globalThis & ServerGlobals;

/**
 * Called by a page while it renders: on the server, the renderer records the page's meta (the last
 * one declared wins) for the document's head and status; in a browser it does nothing (the page
 * tells the shell with setPageMeta once shown).
 */
export function declarePageMeta(meta: PageMeta): void {
  serverGlobals[PAGE_META]?.(meta);
}

/** The widget module the renderer loaded for `id`, during a server render; otherwise undefined. */
export function serverWidget(id: string): unknown {
  return serverGlobals[WIDGETS]?.(id);
}

/**
 * During a server render, the site settings the renderer was given (null when it had none);
 * undefined outside a server render (a browser reads them from the page: siteSettings in @party/shared-ui).
 */
export function serverSiteSettings(): SiteSettings | null | undefined {
  return SETTINGS in serverGlobals ? (serverGlobals[SETTINGS] ?? null) : undefined;
}

/** During a server render, the page's data (null when it has none); undefined outside one. */
export function serverPageData(): PageData | null | undefined {
  return PAGE_DATA in serverGlobals ? (serverGlobals[PAGE_DATA] ?? null) : undefined;
}

/**
 * Runs one synchronous server render with the page meta recorded and the given widgets, site
 * settings and page data available; returns what the render returned and the meta the page declared.
 */
export function renderOnServer<T>(
  render: () => T,
  widgets: (id: string) => unknown,
  settings: SiteSettings | null = null,
  data: PageData | null = null,
): { result: T; meta: PageMeta | null } {
  let meta: PageMeta | null = null;
  serverGlobals[PAGE_META] = (declared) => (meta = declared);
  serverGlobals[WIDGETS] = widgets;
  serverGlobals[SETTINGS] = settings;
  serverGlobals[PAGE_DATA] = data;
  try {
    return { result: render(), meta };
  } finally {
    delete serverGlobals[PAGE_META];
    delete serverGlobals[WIDGETS];
    delete serverGlobals[SETTINGS];
    delete serverGlobals[PAGE_DATA];
  }
}

/**
 * A module already loaded, in the shape React.lazy expects, calling back at once: lazy then renders
 * it without suspending (before hydration, and in a server render). Only `then` may be called.
 */
export function alreadyLoaded<T>(value: T): Promise<T> {
  const thenable = {
    then: (onFulfilled?: (loaded: T) => unknown) => alreadyLoaded(onFulfilled ? onFulfilled(value) : value),
  };
  return thenable as unknown as Promise<T>;
}
