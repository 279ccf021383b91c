import Koa from 'koa';
import request from 'supertest';
import { sessionCookie } from './session-cookie.js';

describe('a session cookie', () => {
  const cookie = sessionCookie('staff_session', { sameSite: 'strict', maxAgeMs: 60_000 });
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { token: cookie.tokenOf(ctx) };
    if (ctx.path === '/sign-out') cookie.set(ctx, '');
    else if (ctx.path === '/sign-in') cookie.set(ctx, 'new-token');
  });
  const setCookies = (response: request.Response) => ([] as string[]).concat(response.headers['set-cookie'] ?? []);

  it('is set under __Host-: Secure, HttpOnly, for the whole site, without a Domain', async () => {
    const [set] = setCookies(await request(app.callback()).get('/sign-in').expect(200));
    expect(set).toMatch(/^__Host-staff_session=new-token; path=\/; expires=[^;]+; samesite=strict; secure; httponly$/);
  });

  it('moves a session set under the name before the prefix, once, without signing anyone out', async () => {
    const moved = await request(app.callback())
      .get('/')
      .set('Cookie', 'staff_session=old-token')
      .expect(200, { token: 'old-token' });
    const [renamed, cleared] = setCookies(moved);
    expect(renamed).toMatch(
      /^__Host-staff_session=old-token; path=\/; expires=[^;]+; samesite=strict; secure; httponly$/,
    );
    expect(cleared).toMatch(
      /^staff_session=; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=strict; secure; httponly$/,
    );

    const after = await request(app.callback())
      .get('/')
      .set('Cookie', '__Host-staff_session=old-token')
      .expect(200, { token: 'old-token' });
    expect(setCookies(after)).toEqual([]);
    // The prefixed cookie wins over a planted unprefixed one.
    await request(app.callback())
      .get('/')
      .set('Cookie', 'staff_session=planted; __Host-staff_session=old-token')
      .expect(200, { token: 'old-token' });
  });

  it('ends both names at sign-out', async () => {
    const ended = setCookies(
      await request(app.callback()).get('/sign-out').set('Cookie', 'staff_session=old-token').expect(200),
    );
    expect(ended.every((line) => line.includes('expires=Thu, 01 Jan 1970'))).toBe(true);
    expect(ended.map((line) => line.split('=')[0])).toEqual(['__Host-staff_session', 'staff_session']);
  });
});
