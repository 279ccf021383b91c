import ICAL from 'ical.js';
import request from 'supertest';
import { eventLinks } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { signedLinks } from '../platform/email/signed-links.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { scheduleTestEvent } from '../testing/test-events.js';
import { startTestGateway, TEST_SIGNING_SECRET, type TestGateway } from '../testing/test-gateway.js';
import { eventCatalogue } from './event-catalogue.js';
import { eventDoor } from './event-door.js';
import { eventPlaces } from './event-places.js';
import { eventSweeps } from './event-sweeps.js';

interface Sent {
  kind: string;
  subject: string;
  text: string;
  attachments: Array<{ method?: string; content?: string; cid?: string; contentType?: string }>;
}

describe.each([testDatabaseKind])('places at an event on %s', (kind) => {
  let test: TestDatabase;
  let gateway: TestGateway;
  const links = signedLinks(TEST_SIGNING_SECRET);
  const mail = () => ({ origin: 'https://party.example', organizer: 'events@party.example' });
  let places: ReturnType<typeof eventPlaces>;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
    places = eventPlaces(test.db, links, mail, () => undefined);
  });
  afterAll(async () => {
    await gateway.close();
    await test.dispose();
  });

  const register = (eventId: string, email: string, name = 'Mary Jackson') =>
    request(gateway.url)
      .post('/api/event-registrations')
      .send({ eventId, name, email, privacy: true, timeZone: 'Europe/London' });
  const sentTo = async (email: string): Promise<Sent[]> =>
    (
      await test.db.query<Sent>(
        `SELECT kind, subject, text_body AS text, attachments FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
        [email],
      )
    ).rows;
  const tokenIn = (sent: Sent) => decodeURIComponent(/\/your-place\?token=(\S+)/.exec(sent.text)?.[1] ?? '');
  const calendarIn = (sent: Sent) => {
    const file = sent.attachments.find((each) => each.method);
    if (!file) return null;
    const calendar = new ICAL.Component(ICAL.parse(file.content!));
    return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
  };

  it('confirms while places remain, then queues in arrival order, and says which', async () => {
    const { id, title } = await scheduleTestEvent(test.db, { capacity: 2 });
    const answers = [];
    for (const person of ['a', 'b', 'c', 'd'])
      answers.push((await register(id, `${person}-${id}@example.org`).expect(201)).body);
    expect(answers).toEqual([
      { status: 'confirmed' },
      { status: 'confirmed' },
      { status: 'waitlisted', position: 1 },
      { status: 'waitlisted', position: 2 },
    ]);
    const again = await register(id, `d-${id}@example.org`).expect(201);
    expect(again.body).toEqual({ status: 'waitlisted', position: 2 });

    const [confirmation] = await sentTo(`a-${id}@example.org`);
    expect(confirmation!.subject).toBe(`Your place at ${title} is confirmed`);
    const code = /Your check-in code: ([A-Z2-9]{6})\./.exec(confirmation!.text)?.[1];
    expect(code).toBeDefined();
    // The time in the event's zone, and in the visitor's own.
    expect(confirmation!.text).toMatch(
      /When: \w+ \d+ \w+ \d{4}, \d\d:\d\d M[SD]T \(\w+ \d+ \w+ \d{4}, \d\d:\d\d (GMT|BST) where you are\)/,
    );
    expect(confirmation!.attachments.find((each) => each.cid)?.contentType).toBe('image/png');
    const entry = calendarIn(confirmation!)!;
    expect(entry.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(entry.event.uid).toBe(`event-${id}@127.0.0.1`);
    const waitlisted = await sentTo(`c-${id}@example.org`);
    expect(waitlisted.map((each) => each.subject)).toEqual([`You are on the waitlist for ${title}`]);
    expect(calendarIn(waitlisted[0]!)).toBeNull();

    const page = await request(gateway.url)
      .get('/api/events/' + id)
      .expect(200);
    expect(page.body.registration).toEqual({ state: 'waitlist', placesLeft: 0, waitlist: 2 });
  });

  it('offers a cancelled place to the first in the queue, who takes it; a lapsed offer passes to the next', async () => {
    const { id, title } = await scheduleTestEvent(test.db, { capacity: 1 });
    const [first, second, third] = [`first-${id}@example.org`, `second-${id}@example.org`, `third-${id}@example.org`];
    for (const email of [first, second, third]) await register(id, email).expect(201);

    const firstToken = tokenIn((await sentTo(first))[0]!);
    const cancelled = await request(gateway.url)
      .post(`${eventLinks.placeCancelEndpoint}?token=${encodeURIComponent(firstToken)}`)
      .set('Origin', gateway.url)
      .send({})
      .expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    const cancelMail = (await sentTo(first)).at(-1)!;
    expect(calendarIn(cancelMail)!.calendar.getFirstPropertyValue('method')).toBe('CANCEL');

    const offer = (await sentTo(second)).at(-1)!;
    expect(offer.subject).toBe(`A place has come free at ${title}`);
    const offered = await request(gateway.url)
      .get(`${eventLinks.placeEndpoint}?token=${encodeURIComponent(tokenIn(offer))}`)
      .expect(200);
    expect(offered.body).toMatchObject({ status: 'offered', checkInCode: null });

    // Nobody takes it in time: it passes to the third.
    await test.db.query(
      `UPDATE event_registrations SET offer_expires_at = now() - interval '1 minute' WHERE email = $1`,
      [second],
    );
    const sweeps = eventSweeps(test.db, places, links, mail, () => undefined);
    expect((await sweeps.round()).lapsed).toBe(1);
    expect((await sentTo(second)).at(-1)!.subject).toBe(`The place at ${title} has passed on`);
    await request(gateway.url)
      .post(`${eventLinks.placeAcceptEndpoint}?token=${encodeURIComponent(tokenIn(offer))}`)
      .set('Origin', gateway.url)
      .send({})
      .expect(410);

    const thirdOffer = (await sentTo(third)).at(-1)!;
    const taken = await request(gateway.url)
      .post(`${eventLinks.placeAcceptEndpoint}?token=${encodeURIComponent(tokenIn(thirdOffer))}`)
      .set('Origin', gateway.url)
      .send({})
      .expect(200);
    expect(taken.body).toMatchObject({ status: 'confirmed', checkInCode: expect.stringMatching(/^[A-Z2-9]{6}$/) });
    expect((await sentTo(third)).at(-1)!.subject).toBe(`Your place at ${title} is confirmed`);
  });

  it('shows an online event’s joining link to confirmed places only, never on its public page', async () => {
    const { id } = await scheduleTestEvent(test.db, {
      capacity: 1,
      type: 'virtual',
      joinUrl: 'https://meet.example/secret-room',
    });
    await register(id, `in-${id}@example.org`).expect(201);
    await register(id, `out-${id}@example.org`).expect(201);
    expect((await sentTo(`in-${id}@example.org`))[0]!.text).toContain('https://meet.example/secret-room');
    expect((await sentTo(`out-${id}@example.org`))[0]!.text).not.toContain('secret-room');
    const publicAnswers = [
      (await request(gateway.url).get(`/api/events/${id}`)).text,
      (await request(gateway.url).get('/api/events')).text,
      (await request(gateway.url).get(`/api/events/${id}/calendar.ics`)).text,
    ];
    for (const answer of publicAnswers) expect(answer).not.toContain('secret-room');
  });

  it('sends an update with a higher SEQUENCE when the event moves, and METHOD:CANCEL when it is cancelled', async () => {
    const { id, title } = await scheduleTestEvent(test.db, { capacity: 10 });
    const email = `calendar-${id}@example.org`;
    await register(id, email).expect(201);
    const catalogue = eventCatalogue(test.db, places, mail, () => undefined, links);
    const [row] = (await catalogue.staffList()).filter((each) => each.id === id);
    expect(await catalogue.update(id, { ...row!, location: 'Union Hall, Denver' })).toBe(true);
    const update = (await sentTo(email)).at(-1)!;
    expect(update.subject).toBe(`${title} has changed`);
    const updated = calendarIn(update)!;
    expect(updated.event.uid).toBe(`event-${id}@party.example`);
    expect(updated.event.sequence).toBe(1);
    expect(updated.event.location).toBe('Union Hall, Denver');

    expect(await catalogue.cancel(id)).toBe(true);
    const cancellation = calendarIn((await sentTo(email)).at(-1)!)!;
    expect(cancellation.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancellation.event.sequence).toBe(2);
    await register(id, `late-${id}@example.org`).expect(409);
  });

  it('reminds each confirmed place once, however many gateways run the round, and never a cancelled one', async () => {
    // Starts in two hours: its same-day reminder (set to the start of the day) is due now.
    const { id, title } = await scheduleTestEvent(test.db, { startsIn: 2, sameDay: '00:00' });
    const [kept, cancelled] = [`kept-${id}@example.org`, `gone-${id}@example.org`];
    await register(id, kept).expect(201);
    await register(id, cancelled).expect(201);
    await request(gateway.url)
      .post(`${eventLinks.placeCancelEndpoint}?token=${encodeURIComponent(tokenIn((await sentTo(cancelled))[0]!))}`)
      .set('Origin', gateway.url)
      .send({})
      .expect(200);
    // Registered before the reminder's time, as if they had registered days ago.
    await test.db.query(
      `UPDATE event_registrations SET status_changed_at = now() - interval '3 days' WHERE event_id = $1`,
      [id],
    );

    const rounds = [1, 2, 3].map(() => eventSweeps(test.db, places, links, mail, () => undefined));
    await Promise.all(rounds.map((each) => each.round()));
    await Promise.all(rounds.map((each) => each.round()));
    const reminders = (await sentTo(kept)).filter((each) => each.kind === 'event-reminder');
    expect(reminders.map((each) => each.subject)).toEqual([`Today: ${title}`]);
    expect((await sentTo(cancelled)).filter((each) => each.kind === 'event-reminder')).toEqual([]);
  });

  it('reminds the day before with "Tomorrow", once, in the event’s zone and the visitor’s', async () => {
    // Noon tomorrow in the event's zone (America/Denver): its day-before reminder, set to the start
    // of today there, is due now.
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Denver',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date())
      .split(':')
      .map(Number) as [number, number];
    const { id, title } = await scheduleTestEvent(test.db, {
      startsIn: 36 - hour - minute / 60,
      dayBefore: '00:00',
    });
    const person = `tomorrow-${id}@example.org`;
    await register(id, person).expect(201);
    await test.db.query(
      `UPDATE event_registrations SET status_changed_at = now() - interval '3 days' WHERE event_id = $1`,
      [id],
    );

    const sweeps = eventSweeps(test.db, places, links, mail, () => undefined);
    await sweeps.round();
    await sweeps.round();
    const reminders = (await sentTo(person)).filter((each) => each.kind === 'event-reminder');
    expect(reminders.map((each) => each.subject)).toEqual([`Tomorrow: ${title}`]);
    expect(reminders[0]!.text).toContain(`A reminder: ${title} is tomorrow.`);
    expect(reminders[0]!.text).toMatch(/\d\d:\d\d M[SD]T \(.+ (GMT|BST) where you are\)/);
  });

  it('lists a member’s places with the coming events soonest first, then the past ones', async () => {
    const later = await scheduleTestEvent(test.db, { startsIn: 200 });
    const over = await scheduleTestEvent(test.db, { startsIn: 100 });
    const soon = await scheduleTestEvent(test.db, { startsIn: 50 });
    const email = `member-${later.id}@example.org`;
    for (const { id } of [later, over, soon]) await register(id, email).expect(201);
    await test.db.query(
      `UPDATE events SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [over.id],
    );
    expect((await places.placesOf(email)).map((place) => place.event.id)).toEqual([soon.id, later.id, over.id]);
  });

  it('finds a confirmed place at the door by its code, marks the arrival, and after the event thanks those who came once', async () => {
    const { id, title } = await scheduleTestEvent(test.db, { startsIn: 1 });
    const [came, missed] = [`came-${id}@example.org`, `missed-${id}@example.org`];
    await register(id, came, 'Dorothy Vaughan').expect(201);
    await register(id, missed, 'Annie Easley').expect(201);
    const door = eventDoor(test.db, links, mail, () => undefined);
    const code = /Your check-in code: ([A-Z2-9]{6})\./.exec((await sentTo(came))[0]!.text)![1]!;
    const [found] = (await door.list(id, code.toLowerCase(), { staffEmail: 'door@party.example', action: 'viewed' }))!;
    expect(found).toMatchObject({ name: 'Dorothy Vaughan', checkInCode: code, attendedAt: null });
    // The look is in the access log: the one place shown, not the other.
    const logged = await test.db.query(
      `SELECT staff_email, action, registration_id::text, detail FROM staff_access_log WHERE detail = $1`,
      [id],
    );
    expect(logged.rows).toEqual([
      { staff_email: 'door@party.example', action: 'viewed', registration_id: found!.id, detail: id },
    ]);
    expect(await door.mark(id, found!.id, true)).toBe(true);
    expect(await door.followUp(id)).toBe(-1);

    await test.db.query(
      `UPDATE events SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
    expect(await door.followUp(id)).toBe(2);
    expect(await door.followUp(id)).toBe(0);
    expect((await sentTo(came)).at(-1)!.subject).toBe(`Thank you for coming to ${title}`);
    expect((await sentTo(missed)).at(-1)!.subject).toBe(`Sorry we missed you at ${title}`);
  });
});
