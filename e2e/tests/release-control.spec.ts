import { expect, test } from '../support/fixtures';
import { startReleaseSite } from '../support/release-site';

// Release control through the running site on the embedded database (`npm start`'s default): the
// command line talks to the gateway with a token, so the site never stops and its data is never
// opened twice.
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof startReleaseSite>>;
let green: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startReleaseSite({ kind: 'pglite' });
  green = await site.build('mf-content', 'green');
});
test.afterAll(async () => site?.stop());

test('publish, activate and roll back while the site runs, with no failed page load', async ({ page }) => {
  // Eleven page loads and three switches: over 30 s when the machine also runs the other tests.
  test.setTimeout(90_000);
  const configured = await site.releaseShown(page);
  expect(await site.remotes('publish', 'mf-content', '--from', green, '--version', '2.0.0-green', '--reason', 'new copy')).toContain('Published mf-content 2.0.0-green');

  const seen = new Set<string>();
  const switching = (async () => {
    await site.remotes('activate', 'mf-content', '2.0.0-green', '--reason', 'launch');
    await site.remotes('rollback', 'mf-content', '--reason', 'back to the built-in build');
    await site.remotes('activate', 'mf-content', '2.0.0-green', '--reason', 'launch again');
  })();
  for (let load = 0; load < 10; load += 1) seen.add(await site.releaseShown(page));
  await switching;
  seen.add(await site.releaseShown(page));
  expect([...seen].every((release) => release === 'green' || release === configured)).toBe(true);
  expect(await site.releaseShown(page)).toBe('green');

  const history = await site.remotes('history', 'mf-content');
  expect(history).toContain('activate   configured -> 2.0.0-green  by e2e all (token 1): launch');
  expect(history).toContain('rollback   2.0.0-green -> configured  by e2e all (token 1): back to the built-in build');
});

test('a forged, missing or out-of-scope token changes nothing', async ({ page }) => {
  await expect(site.remotesWithToken('party_forged', 'rollback', 'mf-content', '--reason', 'x')).rejects.toThrow(/That token is unknown or revoked/);
  await expect(site.remotesWithToken(site.tokens!.donate, 'rollback', 'mf-content', '--reason', 'x')).rejects.toThrow(/This token may change mf-donate only, not mf-content/);
  const anonymous = await page.request.post(`${site.baseUrl}/api/admin/releases/mf-content/rollback`, { data: { reason: 'x' } });
  expect(anonymous.status()).toBe(401);
  expect(await site.releaseShown(page)).toBe('green');
});
