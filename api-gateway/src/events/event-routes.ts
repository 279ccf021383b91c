import QRCode from 'qrcode';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { eventLinks, formEndpoints, pageSlug } from '@party/shared-contracts';
import { acceptForm, linkTokenOf, type BrowserPostGuards, type SiteOrigin } from '../platform/index.js';
import type { EventCatalogue } from './event-catalogue.js';
import { calendarFile } from './event-calendar-file.js';
import type { EventPlaces } from './event-places.js';

const LINK_NOT_VALID = 'This link is not valid. Use the link in your latest email about this event.';

/**
 * The events' public endpoints: the list and each event (what a page navigated to in the browser
 * reads), its calendar entry, registration, and a person's place by their emailed link (seen,
 * cancelled, an offer taken); a signed-in member's places.
 */
export function eventRoutes(
  router: Router,
  { catalogue, places }: { catalogue: EventCatalogue; places: EventPlaces },
  guards: BrowserPostGuards,
  {
    siteOrigin,
    organizer,
    signedInEmail,
  }: {
    siteOrigin: SiteOrigin;
    organizer: string;
    signedInEmail: (ctx: Context) => Promise<string | null>;
  },
): void {
  const { listEndpoint, placeEndpoint, placeCancelEndpoint, placeAcceptEndpoint, memberPlacesEndpoint } = eventLinks;

  router.get(listEndpoint, async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await catalogue.calendar();
  });

  router.get(`${listEndpoint}/:eventId`, async (ctx) => {
    const id = ctx.params.eventId ?? '';
    const event = pageSlug.test(id) ? await catalogue.event(id) : null;
    if (!event) return ctx.throw(404, 'There is no such event.');
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = event;
  });

  router.get(`${listEndpoint}/:eventId/calendar.ics`, async (ctx) => {
    const id = ctx.params.eventId ?? '';
    const row = pageSlug.test(id) ? await catalogue.row(id) : null;
    if (!row) return ctx.throw(404, 'There is no such event.');
    const url = `${siteOrigin.href}/events/${row.id}`;
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${row.id}.ics"`);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = calendarFile(
      {
        id: row.id,
        title: row.title,
        description: `${row.summary}\n\n${url}`,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        location: row.type === 'virtual' ? 'Online' : row.place,
        url,
        sequence: row.sequence,
        cancelled: row.cancelled_at !== null,
        updatedAt: row.updated_at,
      },
      'PUBLISH',
      { organizer, siteHost: new URL(siteOrigin.href).hostname },
    );
  });

  const { path: registrationPath, schema } = formEndpoints.eventRegistration;
  router.post(registrationPath, ...guards(registrationPath), acceptForm(schema, places.register, siteOrigin));

  const placeBy = (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    return linkTokenOf(ctx);
  };
  router.get(placeEndpoint, async (ctx) => {
    const place = await places.place(placeBy(ctx));
    if (!place) return ctx.throw(404, LINK_NOT_VALID);
    ctx.body = place;
  });
  // The place page's QR code of its check-in code: drawn here, so that no page carries a QR library.
  router.get(`${placeEndpoint}/check-in.svg`, async (ctx) => {
    const place = await places.place(placeBy(ctx));
    if (!place?.checkInCode) return ctx.throw(404, LINK_NOT_VALID);
    ctx.type = 'image/svg+xml';
    ctx.body = await QRCode.toString(place.checkInCode, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  });
  router.post(placeCancelEndpoint, ...guards(placeCancelEndpoint), async (ctx) => {
    const place = await places.cancel(placeBy(ctx));
    if (!place) return ctx.throw(404, LINK_NOT_VALID);
    ctx.body = place;
  });
  router.post(placeAcceptEndpoint, ...guards(placeAcceptEndpoint), async (ctx) => {
    const place = await places.accept(placeBy(ctx));
    if (!place) return ctx.throw(404, LINK_NOT_VALID);
    ctx.body = place;
  });

  router.get(memberPlacesEndpoint, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const email = await signedInEmail(ctx);
    if (!email) return ctx.throw(401, 'Please sign in.');
    ctx.body = await places.placesOf(email);
  });
}
