import request from 'supertest';
import { staffLinks } from '@party/shared-contracts';
import { migrate } from '../../platform/db/migrate.js';
import { activateRelease, recordRelease, startCanary } from '../../releases/release-registry.js';
import { testRoutes } from '../../testing/configured-routes.js';
import { signedInStaff } from '../../testing/staff-session.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';

let test: TestDatabase;
let gateway: TestGateway;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await recordRelease(test.db, {
      remote: 'mf-donate',
      version,
      entry: `/releases/mf-donate/${version}/mf-manifest.json`,
      routes: testRoutes['mf-donate'],
      by: 'donate team (token 3)',
      reason: `release ${version}`,
    });
  await activateRelease(test.db, { remote: 'mf-donate', version: '1.0.0', by: 'ops', reason: 'launch' });
  await startCanary(test.db, { remote: 'mf-donate', version: '1.1.0', percent: 10, by: 'ops', reason: 'try' });
  await test.db.query(
    `INSERT INTO release_load_counts (remote, version, minute, loads, failures) VALUES
       ('mf-donate', '1.0.0', date_trunc('minute', now()), 900, 1),
       ('mf-donate', '1.1.0', date_trunc('minute', now()) - interval '5 minutes', 100, 4),
       ('mf-donate', '1.0.0', date_trunc('minute', now()) - interval '2 hours', 5000, 500)`,
  );
  gateway = await startTestGateway(test.db);
});
afterAll(async () => {
  await gateway.close();
  await test.dispose();
});

describe('the staff console’s releases', () => {
  it('show administrators each release line: active, canary, the last hour by release, history, and what may be previewed', async () => {
    const admin = await signedInStaff(gateway.url, test.db, 'administrator', 'admin.releases@party.example');
    const { body } = await request(gateway.url)
      .get(staffLinks.releasesEndpoint)
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(body.map((line: { remote: string }) => line.remote)).toEqual([
      'mf-content',
      'mf-donate',
      'mf-engagement',
      'shell',
    ]);
    const donate = body.find((line: { remote: string }) => line.remote === 'mf-donate');
    expect(donate).toMatchObject({
      prefixes: ['/donate'],
      active: { version: '1.0.0', since: expect.any(String) },
      canary: { version: '1.1.0', percent: 10, since: expect.any(String) },
      // The hour before is not counted.
      lastHour: [
        { version: '1.0.0', loads: 900, failures: 1 },
        { version: '1.1.0', loads: 100, failures: 4 },
      ],
      previewable: ['1.2.0'],
    });
    expect(donate.history[0]).toMatchObject({ event: 'canary', version: '1.1.0', percent: 10, by: 'ops' });
    expect(donate.history.at(-1)).toMatchObject({ event: 'published', version: '1.0.0' });
    expect(body.at(-1)).toMatchObject({ active: { version: 'configured', since: null }, canary: null, history: [] });

    const preview = (remote: string, version: string) =>
      request(gateway.url)
        .post(`${staffLinks.releasesEndpoint}/${remote}/previews`)
        .set('Origin', gateway.url)
        .set('Cookie', admin.cookie)
        .send({ version });
    const made = await preview('mf-donate', '1.2.0').expect(201);
    expect(made.body.url).toMatch(new RegExp(`^${gateway.url}/api/previews/[\\w-]+\\.[\\w-]+$`));
    await preview('mf-donate', '9.0.0').expect(404, { message: 'mf-donate has no published version "9.0.0".' });
    await preview('shell', '1.0.0').expect(404, { message: 'shell has no published version "1.0.0".' });
    await preview('mf-nothing', '1.0.0').expect(404, { message: 'There is no remote "mf-nothing" on this site.' });

    // Every link that still works is listed with who made it; ending one ends it for everyone.
    const links = await request(gateway.url)
      .get(staffLinks.previewLinksEndpoint)
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(links.body).toEqual([
      expect.objectContaining({
        remote: 'mf-donate',
        version: '1.2.0',
        madeBy: admin.email,
        expiresAt: made.body.expiresAt,
      }),
    ]);
    const end = (id: string) =>
      request(gateway.url)
        .delete(`${staffLinks.previewLinksEndpoint}/${id}`)
        .set('Origin', gateway.url)
        .set('Cookie', admin.cookie);
    await end(links.body[0].id).expect(204);
    await end(links.body[0].id).expect(404, { message: 'That preview link has already ended.' });
    await request(gateway.url).get(new URL(made.body.url).pathname).expect(410);
    expect((await request(gateway.url).get(staffLinks.previewLinksEndpoint).set('Cookie', admin.cookie)).body).toEqual(
      [],
    );
  });

  it('are the administrators’ alone', async () => {
    const treasurer = await signedInStaff(gateway.url, test.db, 'treasurer', 'treasurer.releases@party.example');
    await request(gateway.url).get(staffLinks.releasesEndpoint).set('Cookie', treasurer.cookie).expect(403);
    await request(gateway.url)
      .post(`${staffLinks.releasesEndpoint}/mf-donate/previews`)
      .set('Origin', gateway.url)
      .set('Cookie', treasurer.cookie)
      .send({ version: '1.2.0' })
      .expect(403);
    await request(gateway.url).get(staffLinks.previewLinksEndpoint).set('Cookie', treasurer.cookie).expect(403);
    await request(gateway.url).get(staffLinks.releasesEndpoint).expect(401);
  });
});
