import request from 'supertest';
import {
  staffLinks,
  type EventDraft,
  type StaffAccessLogRow,
  type StaffEventRow,
  type StaffRole,
} from '@party/shared-contracts';
import { mailingGateway } from '../../testing/mailing-gateway.js';
import { signedInStaff } from '../../testing/staff-session.js';
import { testDatabaseKind } from '../../testing/test-databases.js';

let runs = 0;
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe.each([testDatabaseKind])('the console’s events section on %s', (kind) => {
  const mailing = mailingGateway(kind);
  const agent = () => request(mailing.gateway.url);
  const run = ++runs;
  let made = 0;
  const signIn = (role: StaffRole) =>
    signedInStaff(mailing.gateway.url, mailing.test.db, role, `${role}.events.${run}.${++made}@party.example`);
  /** A request as the console sends it: from the site, with the session's cookie. */
  const asStaff = (cookie: string) => ({
    get: (path: string) => agent().get(path).set('Cookie', cookie),
    post: (path: string) => agent().post(path).set('Origin', mailing.gateway.url).set('Cookie', cookie),
    put: (path: string) => agent().put(path).set('Origin', mailing.gateway.url).set('Cookie', cookie),
  });
  const draft = (change: Partial<EventDraft> = {}): EventDraft => ({
    id: `meeting-${run}-${++made}`,
    title: 'A chapter meeting',
    description: 'The chapter meets to plan the spring canvass.',
    details: 'First the plan.\n\nThen the questions.',
    type: 'in-person',
    timeZone: 'America/Denver',
    date: inAMonth(),
    startTime: '18:30',
    endTime: '20:00',
    location: 'Central Library, Denver',
    joinUrl: '',
    capacity: '30',
    registrationCloses: '',
    offerHours: '24',
    remindDayBefore: '10:00',
    remindSameDay: '',
    ...change,
  });
  const event = (id: string) => `${staffLinks.eventsEndpoint}/${id}`;

  it('lets organisers create, change and cancel an event, and refuses a treasurer', async () => {
    const organiser = asStaff((await signIn('communications')).cookie);
    const first = draft();
    await organiser.post(staffLinks.eventsEndpoint).send(first).expect(201);
    const listed = (await organiser.get(staffLinks.eventsEndpoint).expect(200)).body as StaffEventRow[];
    // Its start in words, in its zone, as organisers read it.
    expect(listed.find((row) => row.id === first.id)?.when).toMatch(/^\w+day \d{1,2} \w+ \d{4}, 18:30 M[SD]T$/);
    expect((await agent().get(`/api/events/${first.id}`).expect(200)).body).toMatchObject({
      title: 'A chapter meeting',
      location: 'Central Library, Denver',
    });

    const refused = await organiser
      .post(staffLinks.eventsEndpoint)
      .send({ ...draft(), timeZone: 'Mars/Olympus_Mons' })
      .expect(400);
    expect(refused.body.fieldErrors).toEqual({ timeZone: 'Not a time zone, such as America/Denver' });
    const taken = await organiser
      .post(staffLinks.eventsEndpoint)
      .send(draft({ id: first.id }))
      .expect(409);
    expect(taken.body.fieldErrors).toEqual({ id: 'Another event has this address' });

    await organiser
      .put(event(first.id))
      .send({ ...first, title: 'A chapter meeting, moved' })
      .expect(204);
    expect((await agent().get(`/api/events/${first.id}`).expect(200)).body.title).toBe('A chapter meeting, moved');
    await organiser.put(event('no-such-event')).send(first).expect(404);
    await organiser.post(`${event(first.id)}/cancel`).expect(204);
    await organiser.put(event(first.id)).send(first).expect(409);

    const treasurer = asStaff((await signIn('treasurer')).cookie);
    await treasurer.get(staffLinks.eventsEndpoint).expect(403);
    await treasurer.post(staffLinks.eventsEndpoint).send(draft()).expect(403);
    await agent().get(staffLinks.eventsEndpoint).expect(401);
  });

  it('shows the door list and its CSV, each place read written to the access log, and marks arrivals', async () => {
    const organiser = asStaff((await signIn('membership')).cookie);
    const meeting = draft();
    await organiser.post(staffLinks.eventsEndpoint).send(meeting).expect(201);
    for (const [name, email] of [
      ['Dorothy Vaughan', `dorothy.${run}@example.org`],
      ['Annie Easley', `annie.${run}@example.org`],
    ])
      await agent()
        .post('/api/event-registrations')
        .send({ eventId: meeting.id, name, email, privacy: true })
        .expect(201);

    const doorList = `${event(meeting.id)}/door-list`;
    const listed = (await organiser.get(doorList).expect(200)).body as Array<{ id: string; name: string }>;
    expect(listed.map((row) => row.name)).toEqual(['Annie Easley', 'Dorothy Vaughan']);
    const found = (await organiser.get(`${doorList}?q=dorothy`).expect(200)).body as Array<{ id: string }>;
    expect(found).toHaveLength(1);
    const file = await organiser.get(`${doorList}.csv`).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.text).toContain('Dorothy Vaughan');

    const admin = asStaff((await signIn('administrator')).cookie);
    const log = (await admin.get(staffLinks.accessLogEndpoint).expect(200)).body as StaffAccessLogRow[];
    const looks = log
      .filter((entry) => entry.detail === meeting.id)
      .map((entry) => `${entry.action} ${entry.registrationId}`)
      .sort();
    const [annie, dorothy] = listed.map((row) => row.id);
    expect(looks).toEqual(
      [`viewed ${annie}`, `viewed ${dorothy}`, `viewed ${dorothy}`, `exported ${annie}`, `exported ${dorothy}`].sort(),
    );

    await organiser.post(`${doorList}/${dorothy}`).send({ attended: true }).expect(204);
    const marked = (await organiser.get(`${doorList}?q=dorothy`).expect(200)).body as Array<{ attendedAt: string }>;
    expect(marked[0]!.attendedAt).toEqual(expect.any(String));
    await organiser.post(`${doorList}/999999999`).send({ attended: true }).expect(404);
    await organiser.post(`${event(meeting.id)}/follow-up`).expect(409);
    await organiser.get(`${event('no-such-event')}/door-list`).expect(404);
  });
});
