import type { Context } from 'koa';
import { eventLinks, eventPage, memberLinks, pageSlugPattern, type PageData } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import { keyedPageData, linkTokenOf, type GatewayModule, type Platform } from '../platform/index.js';
import { eventCatalogue, type EventCatalogue } from './event-catalogue.js';
import { eventDoor, type EventDoor } from './event-door.js';
import type { EventMailContext } from './event-emails.js';
import { eventPlaces } from './event-places.js';
import { eventRoutes } from './event-routes.js';
import { eventSweeps } from './event-sweeps.js';

/** What the events module gives the rest of the gateway, besides what it mounts. */
export interface Events extends GatewayModule {
  /** The events pages' data (/, /events, /events/<id>); null for every other page. */
  pageData(pathname: string): Promise<{ key: string; data: PageData } | null>;
  /** Each event's page, for the sitemap (a cancelled one's no more). */
  publicPaths(): Promise<string[]>;
  /** A person's place on /your-place (by its link), a member's places on their account page. */
  visitorData(ctx: Context): Promise<PageData | null>;
  /** The staff console's events section. */
  readonly organiser: { catalogue: EventCatalogue; door: EventDoor };
}

const EVENT_PAGE = new RegExp(`^/events/(${pageSlugPattern})$`);

/**
 * The events module: events as data that staff run, places and the waitlist, the emails with their
 * calendar entries and check-in codes, reminders, the door list. Built after the platform; the
 * people module's staff console and member area use what it gives.
 */
export async function eventsModule(
  config: Pick<GatewayConfig, 'email' | 'eventsRoundMs'>,
  {
    platform: { db, logger, siteOrigin, emailLinks, emailQueued },
    signedInEmail,
  }: {
    platform: Pick<Platform, 'db' | 'logger' | 'siteOrigin' | 'emailLinks' | 'emailQueued'>;
    /** The email of the member a request is signed in as (the people module's): their places. */
    signedInEmail: (ctx: Context) => Promise<string | null>;
  },
): Promise<Events> {
  const organizer = /<([^>]+)>\s*$/.exec(config.email.from)?.[1] ?? config.email.from;
  const mail = (): EventMailContext => ({ origin: siteOrigin.href, organizer });
  const places = eventPlaces(db, emailLinks, mail, emailQueued);
  const catalogue = eventCatalogue(db, places, mail, emailQueued, emailLinks);
  const door = eventDoor(db, emailLinks, mail, emailQueued);
  const sweeps = eventSweeps(db, places, emailLinks, mail, emailQueued);
  let stopRounds = () => {};

  return {
    organiser: { catalogue, door },
    async pageData(pathname) {
      if (pathname === '/' || pathname === '/events')
        return keyedPageData({ eventCalendar: await catalogue.calendar() });
      const id = EVENT_PAGE.exec(pathname)?.[1];
      return id ? keyedPageData({ eventPage: { id, event: await catalogue.event(id) } }) : null;
    },
    async publicPaths() {
      const { upcoming, past } = await catalogue.calendar();
      return [...upcoming, ...past].map((event) => eventPage(event.id));
    },
    async visitorData(ctx) {
      if (ctx.path === eventLinks.placePage) return { eventPlace: await places.place(linkTokenOf(ctx)) };
      if (ctx.path === memberLinks.accountPage) {
        const email = await signedInEmail(ctx);
        return email ? { memberEventPlaces: await places.placesOf(email) } : null;
      }
      return null;
    },
    routes(router, guards) {
      eventRoutes(router, { catalogue, places }, guards, { siteOrigin, organizer, signedInEmail });
    },
    async start() {
      if (config.eventsRoundMs > 0) stopRounds = sweeps.schedule(config.eventsRoundMs, logger);
    },
    async stop() {
      stopRounds();
    },
  };
}
