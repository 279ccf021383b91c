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

  it('never reads a session under the bare name, which a sibling subdomain could plant', async () => {
    const planted = await request(app.callback())
      .get('/')
      .set('Cookie', 'staff_session=planted')
      .expect(200, { token: '' });
    expect(setCookies(planted)).toEqual([]);
    await request(app.callback())
      .get('/')
      .set('Cookie', 'staff_session=planted; __Host-staff_session=own-token')
      .expect(200, { token: 'own-token' });
  });

  it('ends the cookie at sign-out', async () => {
    const ended = setCookies(
      await request(app.callback()).get('/sign-out').set('Cookie', '__Host-staff_session=own-token').expect(200),
    );
    expect(ended).toEqual([expect.stringMatching(/^__Host-staff_session=; path=\/; expires=Thu, 01 Jan 1970/)]);
  });
});
