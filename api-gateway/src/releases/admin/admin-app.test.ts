import { migrate } from '../../platform/db/migrate.js';
import { startTestGateway } from '../../testing/test-gateway.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { createAdminToken } from './admin-tokens.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterAll(() => test.dispose());

it('with ADMIN_PORT, release control is served on its own listener and not on the public one', async () => {
  const { secret } = await createAdminToken(test.db, 'operator', '*');
  const headers = { Authorization: `Bearer ${secret}` };
  const gateway = await startTestGateway(test.db, { ADMIN_PORT: '0' });
  try {
    expect(gateway.adminUrl).not.toContain(gateway.url);
    expect((await fetch(`${gateway.url}/api/admin/releases`, { headers })).status).toBe(404);
    const answer = await fetch(`${gateway.adminUrl}/releases`, { headers });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ active: {}, canaries: {} });
    expect((await fetch(`${new URL(gateway.adminUrl).origin}/api/health`)).status).toBe(404);
  } finally {
    await gateway.close();
  }
});
