import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  factorCodeSchema,
  newPasswordSchema,
  passkeySchema,
  passwordChangeSchema,
  staffLinks,
  staffSignInSchema,
} from '@party/shared-contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { parseBody } from '../../platform/index.js';
import { refuseUnlessAllowed } from '../second-factors/factor-attempts.js';
import { sessionView, staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

const SIGN_IN_REFUSED = 'That email and password do not match a staff account.';
const FACTOR_REFUSED = 'That did not match: please try again.';
const WRONG_CURRENT_PASSWORD = 'That is not your current password. Please try again.';

/**
 * Signing in and out: the password, then the second factor (counted per account); the password set
 * from an emailed link; one's own sessions and password. Every sign-in is in the access log.
 */
export function staffSessionRoutes(
  router: Router,
  { accounts, factors, attempts, gate, guards, siteOrigin }: StaffEndpoints,
): void {
  const { tokenOf, setStaffCookie, relyingParty, staffOfRequest, inSession, signedIn, mayChangeFactors } = gate;
  const {
    sessionEndpoint,
    meEndpoint,
    factorEndpoint,
    passkeyChallengeEndpoint,
    passwordEndpoint,
    passwordChangeEndpoint,
    sessionsEndpoint,
  } = staffLinks;

  router.post(sessionEndpoint, ...guards(sessionEndpoint, { perAccount: true }), async (ctx) => {
    const { email, password } = parseBody(ctx, staffSignInSchema);
    const token = await accounts.signIn(email, password);
    if (!token) return ctx.throw(401, SIGN_IN_REFUSED);
    setStaffCookie(ctx, token);
    ctx.body = sessionView(await accounts.session(token));
  });

  router.delete(sessionEndpoint, ...guards(sessionEndpoint, { body: false }), async (ctx) => {
    const token = tokenOf(ctx);
    if (token) await accounts.signOut(token);
    setStaffCookie(ctx, '');
    ctx.status = 204;
  });

  // Answers who is signed in and how far, or `staff: null`: asking is not an error (the console asks on every visit).
  router.get(meEndpoint, async (ctx) => {
    ctx.body = sessionView(await staffOfRequest(ctx));
  });

  /** The second factor given: a passkey's signed challenge, an app's code, or a recovery code. Counted per account. */
  const factorGiven = async (ctx: Context, how: string) => {
    const staff = staffOf(ctx);
    const renewed = await accounts.factorGiven(tokenOf(ctx));
    setStaffCookie(ctx, renewed);
    await accounts.log(staff.email, how === 'a recovery code' ? 'recovery-code-used' : 'signed-in', `with ${how}`);
    ctx.body = sessionView(await accounts.session(renewed));
  };
  const factorRefused = async (ctx: Context, how: string) => {
    await accounts.log(staffOf(ctx).email, 'factor-refused', how);
    return ctx.throw(401, FACTOR_REFUSED);
  };

  router.post(
    passkeyChallengeEndpoint,
    ...guards(passkeyChallengeEndpoint, { body: false }),
    inSession,
    async (ctx) => {
      const options = await factors.authenticationOptions(staffOf(ctx).id, relyingParty(ctx));
      await accounts.remember(tokenOf(ctx), { passkeyChallenge: options.challenge });
      ctx.body = options;
    },
  );

  router.post(
    factorEndpoint,
    ...guards(factorEndpoint),
    inSession,
    guards.attemptsOf(factorEndpoint, (ctx) => staffOf(ctx).email),
    async (ctx) => {
      const staff = staffOf(ctx);
      if (staff.step === 'enrol') return ctx.throw(409, 'Your account has no second factor yet: please add one.');
      const body = ctx.state.body as { code?: unknown };
      if (body.code !== undefined) {
        const { code } = parseBody(ctx, factorCodeSchema);
        let used: 'app' | 'recovery-code' | null = null;
        const attempt = await attempts.attempt(
          staff.id,
          async () => (used = await factors.useCode(staff.id, code)) !== null,
          siteOrigin.href,
        );
        refuseUnlessAllowed(ctx, attempt, 'staff');
        if (attempt.outcome !== 'given') return factorRefused(ctx, 'a code');
        return factorGiven(ctx, used === 'app' ? 'an authenticator app' : 'a recovery code');
      }
      const { response } = parseBody(ctx, passkeySchema);
      const challenge = await accounts.takeChallenge(tokenOf(ctx));
      const attempt = await attempts.attempt(
        staff.id,
        async () =>
          !!challenge &&
          (await factors.usePasskey(
            staff.id,
            response as unknown as AuthenticationResponseJSON,
            challenge,
            relyingParty(ctx),
          )),
        siteOrigin.href,
      );
      refuseUnlessAllowed(ctx, attempt, 'staff');
      if (attempt.outcome !== 'given') return factorRefused(ctx, 'a passkey');
      return factorGiven(ctx, 'a passkey');
    },
  );

  // From the emailed link: the password set, the session opened at its next step (the factor, or enrolment).
  router.post(passwordEndpoint, ...guards(passwordEndpoint), async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const { password } = parseBody(ctx, newPasswordSchema);
    const session = await accounts.setPassword(token, password);
    if (!session)
      return ctx.throw(410, 'This link has expired or was already used. Please ask an administrator for a new one.');
    setStaffCookie(ctx, session);
    ctx.body = sessionView(await accounts.session(session));
  });

  // One's own sessions: seen at any time, ended (one, or all the others) with a fresh factor (ASVS 7.5.2).
  router.get(sessionsEndpoint, signedIn, async (ctx) => {
    ctx.body = await accounts.sessions(staffOf(ctx).id, tokenOf(ctx));
  });
  const oneSession = `${sessionsEndpoint}/:session`;
  router.delete(oneSession, ...guards(oneSession, { body: false }), signedIn, mayChangeFactors, async (ctx) => {
    const id = ctx.params.session ?? '';
    const which =
      id === 'others' ? 'others' : /^[0-9a-f]{16}$/.test(id) ? { id } : ctx.throw(400, 'That is not a valid id.');
    if ((await accounts.endSessions(staffOf(ctx).id, tokenOf(ctx), which)) === 0 && which !== 'others')
      return ctx.throw(404, 'There is no such session.');
    ctx.status = 204;
  });

  router.post(
    passwordChangeEndpoint,
    ...guards(passwordChangeEndpoint),
    signedIn,
    guards.attemptsOf(passwordChangeEndpoint, (ctx) => staffOf(ctx).email),
    async (ctx) => {
      if (!(await accounts.changePassword(staffOf(ctx).id, tokenOf(ctx), parseBody(ctx, passwordChangeSchema)))) {
        return ctx.throw(400, WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD } });
      }
      ctx.status = 204;
    },
  );
}
