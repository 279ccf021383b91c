import type { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  appFactorSchema,
  factorCodeSchema,
  memberLinks,
  passkeySchema,
  type SecondFactorAdded,
} from '@party/shared-contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { type BrowserPostGuards, parseBody, type SiteOrigin } from '../../platform/index.js';
import { type FactorAttempts, refuseUnlessAllowed } from '../second-factors/factor-attempts.js';
import { requestRelyingParty, type SecondFactors } from '../second-factors/second-factors.js';
import type { MemberAccounts } from './member-accounts.js';
import type { MemberSession, MemberSessions } from './member-sessions.js';
import { requireMember, memberSessionCookie, setSessionCookies } from './session-cookies.js';

/** A member changes how they sign in only within this long of signing in (ASVS 7.5.1). */
const REAUTH_SECONDS = 10 * 60;

const tokenOf = (ctx: Context) => ctx.state.sessionToken as string;
const memberIdOf = (ctx: Context) => ctx.state.memberId as string;

/** The sign-in's second step, for a member who has a second factor: a passkey, an app's code or a recovery code. */
function memberFactorSignInRoutes(
  router: Router,
  { sessions, factors, attempts }: { sessions: MemberSessions; factors: SecondFactors; attempts: FactorAttempts },
  guards: BrowserPostGuards,
  siteOrigin: SiteOrigin,
): void {
  const { factorEndpoint, passkeyChallengeEndpoint } = memberLinks;
  const relyingParty = requestRelyingParty(siteOrigin);

  /** A session that has given its password and waits for its second factor. */
  const waitingForFactor: Middleware = async (ctx, next) => {
    const token = memberSessionCookie.tokenOf(ctx);
    const session = token ? await sessions.find(token) : null;
    if (!session?.factorPending) return ctx.throw(401, 'Please sign in again: this sign-in has expired.');
    ctx.state.memberId = session.memberId;
    ctx.state.sessionToken = token;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
  router.post(
    passkeyChallengeEndpoint,
    ...guards(passkeyChallengeEndpoint, { body: false }),
    waitingForFactor,
    async (ctx) => {
      const options = await factors.authenticationOptions(memberIdOf(ctx), relyingParty(ctx));
      await sessions.remember(tokenOf(ctx), { passkeyChallenge: options.challenge });
      ctx.body = options;
    },
  );

  router.post(
    factorEndpoint,
    ...guards(factorEndpoint),
    waitingForFactor,
    guards.attemptsOf(factorEndpoint, (ctx) => `member:${memberIdOf(ctx)}`),
    async (ctx) => {
      const body = ctx.state.body as { code?: unknown };
      const memberId = memberIdOf(ctx);
      let check: () => Promise<boolean>;
      if (body.code !== undefined) {
        const { code } = parseBody(ctx, factorCodeSchema);
        check = async () => (await factors.useCode(memberId, code)) !== null;
      } else {
        const { response } = parseBody(ctx, passkeySchema);
        const challenge = await sessions.takeChallenge(tokenOf(ctx));
        check = async () =>
          !!challenge &&
          (await factors.usePasskey(
            memberId,
            response as unknown as AuthenticationResponseJSON,
            challenge,
            relyingParty(ctx),
          ));
      }
      const attempt = await attempts.attempt(memberId, check, siteOrigin.href);
      refuseUnlessAllowed(ctx, attempt, 'member');
      if (attempt.outcome !== 'given') return ctx.throw(401, 'That did not match: please try again.');
      setSessionCookies(ctx, await sessions.factorGiven(tokenOf(ctx)));
      ctx.body = { signedIn: true };
    },
  );
}

/**
 * A member's own second factors, which they may add: once they have one, their sign-in (and a
 * password reset) asks for it after the password, as staff's does (decision 0030).
 */
export function memberFactorRoutes(
  router: Router,
  {
    accounts,
    sessions,
    factors,
    attempts,
  }: { accounts: MemberAccounts; sessions: MemberSessions; factors: SecondFactors; attempts: FactorAttempts },
  guards: BrowserPostGuards,
  siteOrigin: SiteOrigin,
): void {
  memberFactorSignInRoutes(router, { sessions, factors, attempts }, guards, siteOrigin);
  const { factorsEndpoint, recoveryCodesEndpoint } = memberLinks;
  const member = requireMember(sessions);
  const relyingParty = requestRelyingParty(siteOrigin);

  const recentlySignedIn: Middleware = async (ctx, next) => {
    const session = ctx.state.memberSession as MemberSession;
    if (session.verifiedAgeSeconds > REAUTH_SECONDS)
      return ctx.throw(403, 'For your security, please sign in again before changing how you sign in.');
    await next();
  };

  const added = async (ctx: Context) => {
    const first = (await factors.list(memberIdOf(ctx))).length === 1;
    const answer: SecondFactorAdded = {
      recoveryCodes: first ? await factors.makeRecoveryCodes(memberIdOf(ctx)) : null,
    };
    ctx.status = 201;
    ctx.body = answer;
  };

  router.get(factorsEndpoint, member, async (ctx) => {
    ctx.body = await factors.list(memberIdOf(ctx));
  });

  const appEndpoint = `${factorsEndpoint}/app`;
  router.post(
    `${appEndpoint}/secret`,
    ...guards(`${appEndpoint}/secret`, { body: false }),
    member,
    recentlySignedIn,
    async (ctx) => {
      const account = await accounts.account(memberIdOf(ctx));
      const made = factors.newAppSecret(account?.email ?? '');
      await sessions.remember(tokenOf(ctx), { appSecret: made.secret });
      ctx.body = made;
    },
  );
  router.post(appEndpoint, ...guards(appEndpoint), member, recentlySignedIn, async (ctx) => {
    const { code, label } = parseBody(ctx, appFactorSchema);
    const secret = (ctx.state.memberSession as MemberSession).pendingAppSecret;
    if (!secret) return ctx.throw(409, 'Please start again: scan the new code first.');
    if (!(await factors.addApp(memberIdOf(ctx), secret, code, label))) {
      return ctx.throw(400, 'Please correct the highlighted fields.', {
        fieldErrors: { code: 'That code does not match: enter the one your app shows now' },
      });
    }
    await sessions.remember(tokenOf(ctx), { appSecret: null });
    await added(ctx);
  });

  const passkeyEndpoint = `${factorsEndpoint}/passkey`;
  router.post(
    `${passkeyEndpoint}/options`,
    ...guards(`${passkeyEndpoint}/options`, { body: false }),
    member,
    recentlySignedIn,
    async (ctx) => {
      const account = await accounts.account(memberIdOf(ctx));
      if (!account) return ctx.throw(401, 'Please sign in to see your membership.');
      const options = await factors.registrationOptions(
        { id: memberIdOf(ctx), email: account.email, name: `${account.firstName} ${account.lastName}` },
        relyingParty(ctx),
      );
      await sessions.remember(tokenOf(ctx), { passkeyChallenge: options.challenge });
      ctx.body = options;
    },
  );
  router.post(passkeyEndpoint, ...guards(passkeyEndpoint), member, recentlySignedIn, async (ctx) => {
    const { response, label = 'Passkey' } = parseBody(ctx, passkeySchema);
    const challenge = await sessions.takeChallenge(tokenOf(ctx));
    if (
      !challenge ||
      !(await factors.addPasskey(
        memberIdOf(ctx),
        response as unknown as RegistrationResponseJSON,
        challenge,
        relyingParty(ctx),
        label,
      ))
    ) {
      return ctx.throw(422, 'This passkey could not be added. Please try again.');
    }
    await added(ctx);
  });

  // A member may remove every factor (their sign-in then asks for the password alone); the recovery codes go with the last.
  const oneFactor = `${factorsEndpoint}/:id`;
  router.delete(oneFactor, ...guards(oneFactor, { body: false }), member, recentlySignedIn, async (ctx) => {
    const outcome = await factors.remove(memberIdOf(ctx), ctx.params.id ?? '', { keepOne: false });
    if (outcome.kind === 'not-found') return ctx.throw(404, 'There is no such factor.');
    ctx.status = 204;
  });

  router.post(
    recoveryCodesEndpoint,
    ...guards(recoveryCodesEndpoint, { body: false }),
    member,
    recentlySignedIn,
    async (ctx) => {
      if ((await factors.list(memberIdOf(ctx))).length === 0)
        return ctx.throw(409, 'Recovery codes come with a passkey or an authenticator app: add one first.');
      ctx.status = 201;
      ctx.body = { recoveryCodes: await factors.makeRecoveryCodes(memberIdOf(ctx)) } satisfies SecondFactorAdded;
    },
  );
}
