import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  memberLinks,
  memberSignInSchema,
  membershipConfirmationSchema,
  memberTierChangeSchema,
  newPasswordSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
} from '@party/shared-contracts';
import { type BrowserPostGuards, linkTokenOf, parseBody, type SiteOrigin } from '../../platform/index.js';
import type { MemberAccounts } from './member-accounts.js';
import type { MemberSessions, MemberSignIn } from './member-sessions.js';
import type { PasswordResets } from './password-resets.js';
import { clearSessionCookies, requireMember, memberSessionCookie, setSessionCookies } from './session-cookies.js';

const SIGN_IN_REFUSED =
  'That email and password do not match a confirmed membership. If you have just joined, confirm your membership from our email first.';
const LINK_NOT_VALID =
  'This link has expired or has already been used. If you have not confirmed your membership yet, register again and we will send you a new link.';
const RESET_LINK_NOT_VALID = 'This link has expired or has already been used. Please ask for a new one.';
const WRONG_PASSWORD = 'That is not the password you chose when you registered. Please try again.';
const WRONG_CURRENT_PASSWORD = 'That is not your current password. Please try again.';

const memberIdOf = (ctx: Context) => ctx.state.memberId as string;

/** The answer to a password accepted: signed in, or (a member with a second factor) asked for it next. */
function signedIn(ctx: Context, { token, factorPending, passkey }: MemberSignIn) {
  setSessionCookies(ctx, token, { signedIn: !factorPending });
  ctx.body = factorPending ? { signedIn: false, step: 'factor', passkey } : { signedIn: true };
}

/**
 * The member area's endpoints. Everything that changes something is a same-origin POST or DELETE
 * (SameSite=Lax cookies are also sent on top-level GETs from other sites, so no GET changes
 * anything); every answer about a member is `no-store`.
 */
export function memberRoutes(
  router: Router,
  { accounts, sessions, resets }: { accounts: MemberAccounts; sessions: MemberSessions; resets: PasswordResets },
  guards: BrowserPostGuards,
  siteOrigin: SiteOrigin,
): void {
  const {
    confirmEndpoint,
    sessionEndpoint,
    accountEndpoint,
    tierEndpoint,
    cancelEndpoint,
    exportEndpoint,
    passwordResetEndpoint,
    passwordEndpoint,
    passwordChangeEndpoint,
  } = memberLinks;
  const member = requireMember(sessions);

  router.post(confirmEndpoint, ...guards(confirmEndpoint), async (ctx) => {
    const { password } = parseBody(ctx, membershipConfirmationSchema);
    const outcome = await accounts.confirm(linkTokenOf(ctx), password);
    if (outcome.kind === 'link-not-valid') return ctx.throw(410, LINK_NOT_VALID);
    if (outcome.kind === 'wrong-password')
      return ctx.throw(400, WRONG_PASSWORD, { fieldErrors: { password: WRONG_PASSWORD } });
    setSessionCookies(ctx, outcome.sessionToken);
    ctx.body = { signedIn: true };
  });

  router.post(sessionEndpoint, ...guards(sessionEndpoint, { perAccount: true }), async (ctx) => {
    const { email, password } = parseBody(ctx, memberSignInSchema);
    const session = await accounts.signIn(email, password);
    if (!session) return ctx.throw(401, SIGN_IN_REFUSED);
    signedIn(ctx, session);
  });

  router.delete(sessionEndpoint, ...guards(sessionEndpoint, { body: false }), async (ctx) => {
    const token = memberSessionCookie.tokenOf(ctx);
    if (token) await sessions.end(token);
    clearSessionCookies(ctx);
    ctx.status = 204;
  });

  router.post(passwordResetEndpoint, ...guards(passwordResetEndpoint, { perAccount: true }), async (ctx) => {
    await resets.request(parseBody(ctx, passwordResetRequestSchema).email, siteOrigin.href);
    ctx.status = 202;
    ctx.body = { received: true };
  });

  router.post(passwordEndpoint, ...guards(passwordEndpoint), async (ctx) => {
    const { password } = parseBody(ctx, newPasswordSchema);
    const session = await resets.reset(linkTokenOf(ctx), password);
    if (!session) return ctx.throw(410, RESET_LINK_NOT_VALID);
    signedIn(ctx, session);
  });

  // The current password's attempts are counted per member, as a sign-in's are per address.
  router.post(
    passwordChangeEndpoint,
    ...guards(passwordChangeEndpoint),
    member,
    guards.attemptsOf(passwordChangeEndpoint, (ctx) => `member:${memberIdOf(ctx)}`),
    async (ctx) => {
      if (
        !(await accounts.changePassword(
          memberIdOf(ctx),
          ctx.state.sessionToken as string,
          parseBody(ctx, passwordChangeSchema),
        ))
      ) {
        return ctx.throw(400, WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD } });
      }
      ctx.status = 204;
    },
  );

  router.get(accountEndpoint, member, async (ctx) => {
    const account = await accounts.account(memberIdOf(ctx));
    if (!account) ctx.throw(401, 'Please sign in to see your membership.');
    ctx.body = account;
  });

  router.post(tierEndpoint, ...guards(tierEndpoint), member, async (ctx) => {
    await accounts.changeTier(memberIdOf(ctx), parseBody(ctx, memberTierChangeSchema).membershipTier);
    ctx.body = await accounts.account(memberIdOf(ctx));
  });

  router.post(cancelEndpoint, ...guards(cancelEndpoint, { body: false }), member, async (ctx) => {
    await accounts.cancel(memberIdOf(ctx));
    ctx.body = await accounts.account(memberIdOf(ctx));
  });

  router.get(exportEndpoint, member, async (ctx) => {
    ctx.set('Content-Disposition', 'attachment; filename="my-refoundation-party-data.json"');
    ctx.body = await accounts.exportData(memberIdOf(ctx));
  });

  router.delete(accountEndpoint, ...guards(accountEndpoint, { body: false }), member, async (ctx) => {
    await accounts.erase(memberIdOf(ctx));
    clearSessionCookies(ctx);
    ctx.status = 204;
  });
}
