import { readConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { listen, urlOf } from '../http-server.js';
import { createLogger } from '../logger.js';
import { createFormRateLimiter } from '../rate-limit/form-rate-limiter.js';
import { releaseCache } from '../releases/release-cache.js';
import { startTestGateway } from '../testing/test-gateway.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { createAdminApp } from './admin-app.js';
import { createAdminToken } from './admin-tokens.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
}, 30_000);
afterAll(() => test.dispose());

it('with ADMIN_PORT, release control is served on its own listener and not on the public one', async () => {
  const env = { ADMIN_PORT: '0' };
  const config = readConfig(env);
  const { secret } = await createAdminToken(test.db, 'operator', '*');
  const headers = { Authorization: `Bearer ${secret}` };

  const gateway = await startTestGateway(test.db, env);
  const logger = createLogger({ logLevel: 'silent' });
  const limits = await createFormRateLimiter(config.rateLimit, logger);
  const admin = await listen(createAdminApp(config, test.db, releaseCache(test.db, config.releases.storeDir, logger), logger, limits), '127.0.0.1', 0, config.http);
  try {
    expect((await fetch(`${gateway.url}/api/admin/releases`, { headers })).status).toBe(404);
    const answer = await fetch(`${urlOf(admin, '127.0.0.1')}/api/admin/releases`, { headers });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ active: {}, canaries: {} });
    expect((await fetch(`${urlOf(admin, '127.0.0.1')}/api/health`)).status).toBe(404);
  } finally {
    admin.closeAllConnections();
    await new Promise((resolve) => admin.close(resolve));
    await gateway.close();
    await limits.close();
  }
});
