import request from 'supertest';
import { staffLinks, type StaffRole } from '@party/shared-contracts';
import { readConfig } from '../config.js';
import type { Database } from '../platform/db/database.js';
import { passwordHasher } from '../platform/passwords/password-hash.js';
import { staffAccounts } from '../people/staff/staff-accounts.js';
import { currentAppCode } from './authenticator-app.js';

export interface SignedInStaff {
  email: string;
  password: string;
  /** The `__Host-staff_session=…` pair, for a Cookie header. */
  cookie: string;
  /** The authenticator app's shared secret. */
  appSecret: string;
  recoveryCodes: string[];
}

export const staffCookieOf = (response: request.Response) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith('__Host-staff_session='))!
    .split(';')[0]!;

/**
 * A new staff account of `role` on the gateway at `url`, signed in as its holder does the first
 * time: the password, then an authenticator app added (the console reaches nothing before).
 */
export async function signedInStaff(
  url: string,
  db: Database,
  role: StaffRole,
  email: string,
  name = `${role} person`,
): Promise<SignedInStaff> {
  const hasher = passwordHasher({ concurrency: 1, queue: 4 });
  const password = await staffAccounts(db, hasher, { limits: readConfig({}).staffSessions })
    .create(email, name, role)
    .finally(() => hasher.close());
  const post = (path: string, cookie?: string) =>
    request(url)
      .post(path)
      .set('Origin', url)
      .set('Cookie', cookie ?? '');
  const cookie = staffCookieOf(await post(staffLinks.sessionEndpoint).send({ email, password }).expect(200));
  const { secret } = (await post(`${staffLinks.factorsEndpoint}/app/secret`, cookie).expect(200)).body as {
    secret: string;
  };
  const added = await post(`${staffLinks.factorsEndpoint}/app`, cookie)
    .send({ code: await currentAppCode(secret), label: 'Phone' })
    .expect(201);
  // Signed in with it, under a new session token.
  return {
    email,
    password,
    cookie: staffCookieOf(added),
    appSecret: secret,
    recoveryCodes: (added.body as { recoveryCodes: string[] }).recoveryCodes,
  };
}
