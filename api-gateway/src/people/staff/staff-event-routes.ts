import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  doorCheckInSchema,
  eventDraftSchema,
  staffLinks,
  type DoorListEntry,
  type EventDraft,
  type StaffEventRow,
} from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import { csv, toCsv } from './staff-console.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

/** What the events section reads and asks of the events module. */
export interface OrganiserView {
  catalogue: {
    staffList(): Promise<StaffEventRow[]>;
    create(draft: EventDraft): Promise<void>;
    /** False: no such event. */
    update(id: string, draft: EventDraft): Promise<boolean>;
    cancel(id: string): Promise<boolean>;
  };
  door: {
    /** Each place shown is written to the access log as `reader`'s look. */
    list(
      id: string,
      q: string,
      reader: { staffEmail: string; action: 'viewed' | 'exported' },
    ): Promise<DoorListEntry[] | null>;
    mark(id: string, registrationId: string, attended: boolean): Promise<boolean>;
    /** Null: no such event; -1: it has not ended yet. */
    followUp(id: string): Promise<number | null>;
  };
}

const query = (ctx: Context) => (typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : '');
const noSuchEvent = (ctx: Context) => ctx.throw(404, 'There is no such event.');

/**
 * Events, for organisers: the list, a new event (or a copy of one: the console fills the form),
 * a change, a cancellation; each event's door list (searchable, as CSV for a door with no signal),
 * arrivals marked, and the follow-up email once it is over.
 */
export function staffEventRoutes(router: Router, { events, gate, guards }: StaffEndpoints): void {
  const { signedIn, allowed, mayDownload } = gate;
  const { eventsEndpoint } = staffLinks;
  const { catalogue, door } = events;

  router.get(eventsEndpoint, signedIn, allowed('events'), async (ctx) => {
    ctx.body = await catalogue.staffList();
  });
  router.post(eventsEndpoint, ...guards(eventsEndpoint), signedIn, allowed('events'), async (ctx) => {
    await catalogue.create(parseBody(ctx, eventDraftSchema));
    ctx.status = 201;
    ctx.body = { created: true };
  });
  const one = `${eventsEndpoint}/:eventId`;
  router.put(one, ...guards(one), signedIn, allowed('events'), async (ctx) => {
    if (!(await catalogue.update(ctx.params.eventId ?? '', parseBody(ctx, eventDraftSchema)))) return noSuchEvent(ctx);
    ctx.status = 204;
  });
  const cancel = `${one}/cancel`;
  router.post(cancel, ...guards(cancel, { body: false }), signedIn, allowed('events'), async (ctx) => {
    if (!(await catalogue.cancel(ctx.params.eventId ?? ''))) return noSuchEvent(ctx);
    ctx.status = 204;
  });

  const doorList = `${one}/door-list`;
  router.get(doorList, signedIn, allowed('events'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const reader = { staffEmail: staffOf(ctx).email, action: 'viewed' } as const;
    ctx.body = (await door.list(ctx.params.eventId ?? '', query(ctx), reader)) ?? noSuchEvent(ctx);
  });
  router.get(`${doorList}.csv`, signedIn, allowed('events'), mayDownload, async (ctx) => {
    const reader = { staffEmail: staffOf(ctx).email, action: 'exported' } as const;
    const rows = (await door.list(ctx.params.eventId ?? '', '', reader)) ?? noSuchEvent(ctx);
    csv(ctx, `door-list-${ctx.params.eventId}`, toCsv(rows, ['name', 'email', 'checkInCode', 'attendedAt']));
  });
  const arrival = `${doorList}/:registration`;
  router.post(arrival, ...guards(arrival), signedIn, allowed('events'), async (ctx) => {
    const { attended } = parseBody(ctx, doorCheckInSchema);
    if (!(await door.mark(ctx.params.eventId ?? '', ctx.params.registration ?? '', attended)))
      return ctx.throw(404, 'There is no such confirmed place at this event.');
    ctx.status = 204;
  });
  const followUp = `${one}/follow-up`;
  router.post(followUp, ...guards(followUp, { body: false }), signedIn, allowed('events'), async (ctx) => {
    const sent = await door.followUp(ctx.params.eventId ?? '');
    if (sent === null) return noSuchEvent(ctx);
    if (sent < 0) return ctx.throw(409, 'The follow-up email goes once the event is over.');
    ctx.body = { sent };
  });
}
