import type { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  mayOpen,
  newsletterIssueSchema,
  STAFF_LIST_LIMIT,
  STAFF_REAUTH_SECONDS,
  appFactorSchema,
  factorCodeSchema,
  staffInviteSchema,
  staffLinks,
  passkeySchema,
  newPasswordSchema,
  passwordChangeSchema,
  staffReplySchema,
  staffRoleChangeSchema,
  staffDutiesChangeSchema,
  staffPersonErasureSchema,
  staffPersonLookupSchema,
  staffSignInSchema,
  type DonationResolution,
  type SecondFactorAdded,
  type StaffSection,
  type StaffSessionView,
} from '@party/shared-contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { TreasurerView } from '../donations/treasurer-view.js';
import { type BrowserPostGuards, parseBody, sessionCookie, type SiteOrigin } from '../../platform/index.js';
import type { NewsletterIssues } from '../newsletter/newsletter-issues.js';
import { type StaffAccounts, type StaffSession } from './staff-accounts.js';
import { toCsv, type StaffConsole } from './staff-console.js';
import { type FactorAttempts, refuseUnlessAllowed } from '../second-factors/factor-attempts.js';
import { requestRelyingParty, type SecondFactors } from '../second-factors/second-factors.js';

const SIGN_IN_REFUSED = 'That email and password do not match a staff account.';
const FACTOR_REFUSED = 'That did not match: please try again.';
const WRONG_CURRENT_PASSWORD = 'That is not your current password. Please try again.';

const staffOf = (ctx: Context) => ctx.state.staff as StaffSession;

/**
 * The staff console's endpoints. A session begins with the password and reaches nothing but its
 * second factor (or, for an account without one, enrolment) until that is given; each section is
 * open to its roles only (403 for the others, 401 without a full session); every answer is
 * `no-store`; every look at people and every sign-in or change of factor is in the access log.
 */
export function staffRoutes(
  router: Router,
  {
    accounts,
    factors,
    attempts,
    console: staffConsole,
    issues,
    donations,
  }: {
    accounts: StaffAccounts;
    factors: SecondFactors;
    attempts: FactorAttempts;
    console: StaffConsole;
    issues: NewsletterIssues;
    donations: TreasurerView | null;
  },
  guards: BrowserPostGuards,
  { siteOrigin, sessionHours }: { siteOrigin: SiteOrigin; sessionHours: number },
): void {
  const {
    sessionEndpoint,
    meEndpoint,
    messagesEndpoint,
    membersEndpoint,
    subscribersEndpoint,
    newslettersEndpoint,
    volunteersEndpoint,
    accessLogEndpoint,
    donationsEndpoint,
    factorEndpoint,
    passkeyChallengeEndpoint,
    factorsEndpoint,
    recoveryCodesEndpoint,
    accountsEndpoint,
    passwordEndpoint,
    passwordChangeEndpoint,
    peopleEndpoint,
    sessionsEndpoint,
  } = staffLinks;

  // SameSite=Strict: no request from another site ever carries a staff session, GETs included.
  const staffCookie = sessionCookie('staff_session', { sameSite: 'strict', maxAgeMs: sessionHours * 60 * 60_000 });
  const tokenOf = (ctx: Context) => staffCookie.tokenOf(ctx);
  const setStaffCookie = (ctx: Context, token: string) => staffCookie.set(ctx, token);
  /** Passkeys are made and used for the page's own origin (checked by the guards), or the site's. */
  const relyingParty = requestRelyingParty(siteOrigin);

  /** The staff member whose session the request carries, or null; answers about staff are never stored. */
  const staffOfRequest = async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    const token = tokenOf(ctx);
    return token ? accounts.session(token) : null;
  };
  /** Any live session, even one that has given only its password. */
  const inSession: Middleware = async (ctx, next) => {
    const staff = await staffOfRequest(ctx);
    if (!staff) return ctx.throw(401, 'Please sign in to the staff console.');
    ctx.state.staff = staff;
    await next();
  };
  const signedIn: Middleware = async (ctx, next) =>
    inSession(ctx, async () => {
      if (staffOf(ctx).step !== 'signed-in') return ctx.throw(401, 'Please finish signing in with your second factor.');
      await next();
    });
  /** The second factor given within `seconds` (a session still enrolling its first has just given the password). */
  const factorWithin =
    (seconds: number, message: string): Middleware =>
    async (ctx, next) => {
      const { step, factorAgeSeconds } = staffOf(ctx);
      if (step === 'factor' || (step === 'signed-in' && (factorAgeSeconds ?? Infinity) > seconds))
        return ctx.throw(403, message);
      await next();
    };
  const mayChangeFactors = factorWithin(
    STAFF_REAUTH_SECONDS.factors,
    'Please confirm it is you with your second factor before changing how you sign in, or where.',
  );
  const mayDownload = factorWithin(
    STAFF_REAUTH_SECONDS.downloads,
    'Please confirm it is you with your second factor before downloading people’s data.',
  );
  const allowed =
    (section: StaffSection): Middleware =>
    async (ctx, next) => {
      if (!mayOpen(staffOf(ctx), section))
        return ctx.throw(403, 'Your role does not give access to this part of the console.');
      await next();
    };
  const query = (ctx: Context) => (typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : '');
  const csv = (ctx: Context, name: string, body: string) => {
    ctx.set('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = body;
  };
  const sessionView = (staff: StaffSession | null): StaffSessionView => ({
    staff: staff && { name: staff.name, email: staff.email, role: staff.role, duties: staff.duties },
    step: staff?.step ?? null,
    factors: staff?.factors ?? { passkey: false, app: false, recoveryCodes: 0 },
    factorAgeSeconds: staff?.factorAgeSeconds ?? null,
  });

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

  /** A factor added: the first one also completes the sign-in and makes the recovery codes, shown once. */
  const factorAdded = async (ctx: Context, detail: string) => {
    const staff = staffOf(ctx);
    const first = staff.step === 'enrol';
    await accounts.log(staff.email, 'factor-added', detail);
    const added: SecondFactorAdded = { recoveryCodes: first ? await factors.makeRecoveryCodes(staff.id) : null };
    if (first) {
      setStaffCookie(ctx, await accounts.factorGiven(tokenOf(ctx)));
      await accounts.log(staff.email, 'recovery-codes-made');
      await accounts.log(staff.email, 'signed-in', `with the ${detail} just added`);
    }
    ctx.status = 201;
    ctx.body = added;
  };

  router.get(factorsEndpoint, signedIn, async (ctx) => {
    ctx.body = await factors.list(staffOf(ctx).id);
  });

  const appEndpoint = `${factorsEndpoint}/app`;
  router.post(
    `${appEndpoint}/secret`,
    ...guards(`${appEndpoint}/secret`, { body: false }),
    inSession,
    mayChangeFactors,
    async (ctx) => {
      const made = factors.newAppSecret(staffOf(ctx).email);
      await accounts.remember(tokenOf(ctx), { appSecret: made.secret });
      ctx.body = made;
    },
  );
  router.post(appEndpoint, ...guards(appEndpoint), inSession, mayChangeFactors, async (ctx) => {
    const { code, label } = parseBody(ctx, appFactorSchema);
    const secret = staffOf(ctx).pendingAppSecret;
    if (!secret) return ctx.throw(409, 'Please start again: scan the new code first.');
    if (!(await factors.addApp(staffOf(ctx).id, secret, code, label))) {
      return ctx.throw(400, 'Please correct the highlighted fields.', {
        fieldErrors: { code: 'That code does not match: enter the one your app shows now' },
      });
    }
    await accounts.remember(tokenOf(ctx), { appSecret: null });
    await factorAdded(ctx, `authenticator app “${label}”`);
  });

  const passkeyEndpoint = `${factorsEndpoint}/passkey`;
  router.post(
    `${passkeyEndpoint}/options`,
    ...guards(`${passkeyEndpoint}/options`, { body: false }),
    inSession,
    mayChangeFactors,
    async (ctx) => {
      const options = await factors.registrationOptions(staffOf(ctx), relyingParty(ctx));
      await accounts.remember(tokenOf(ctx), { passkeyChallenge: options.challenge });
      ctx.body = options;
    },
  );
  router.post(passkeyEndpoint, ...guards(passkeyEndpoint), inSession, mayChangeFactors, async (ctx) => {
    const { response, label = 'Passkey' } = parseBody(ctx, passkeySchema);
    const challenge = await accounts.takeChallenge(tokenOf(ctx));
    if (
      !challenge ||
      !(await factors.addPasskey(
        staffOf(ctx).id,
        response as unknown as RegistrationResponseJSON,
        challenge,
        relyingParty(ctx),
        label,
      ))
    ) {
      return ctx.throw(422, 'This passkey could not be added. Please try again.');
    }
    await factorAdded(ctx, `passkey “${label}”`);
  });

  const oneFactor = `${factorsEndpoint}/:id`;
  router.delete(oneFactor, ...guards(oneFactor, { body: false }), signedIn, mayChangeFactors, async (ctx) => {
    const outcome = await factors.remove(staffOf(ctx).id, ctx.params.id ?? '');
    if (outcome.kind === 'not-found') return ctx.throw(404, 'There is no such factor.');
    if (outcome.kind === 'last')
      return ctx.throw(409, 'This is your only second factor: add another before removing it.');
    await accounts.log(staffOf(ctx).email, 'factor-removed', outcome.label);
    ctx.status = 204;
  });

  router.post(
    recoveryCodesEndpoint,
    ...guards(recoveryCodesEndpoint, { body: false }),
    signedIn,
    mayChangeFactors,
    async (ctx) => {
      const recoveryCodes = await factors.makeRecoveryCodes(staffOf(ctx).id);
      await accounts.log(staffOf(ctx).email, 'recovery-codes-made');
      ctx.status = 201;
      ctx.body = { recoveryCodes } satisfies SecondFactorAdded;
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

  router.get(accountsEndpoint, signedIn, allowed('accounts'), async (ctx) => {
    ctx.body = await accounts.list();
  });
  router.post(accountsEndpoint, ...guards(accountsEndpoint), signedIn, allowed('accounts'), async (ctx) => {
    const invited = await accounts.invite(staffOf(ctx).email, parseBody(ctx, staffInviteSchema), siteOrigin.href);
    if (!invited) return ctx.throw(409, 'This address already has a staff account.');
    ctx.status = 201;
    ctx.body = invited;
  });
  const accountChange = (path: string, change: (ctx: Context) => Parameters<StaffAccounts['change']>[2]) =>
    router.post(
      `${accountsEndpoint}/:id/${path}`,
      ...guards(`${accountsEndpoint}/:id/${path}`, { body: path === 'role' || path === 'duties' }),
      signedIn,
      allowed('accounts'),
      async (ctx) => {
        if (!(await accounts.change(staffOf(ctx).email, ctx.params.id ?? '', change(ctx))))
          return ctx.throw(404, 'There is no such account, or it is your own.');
        ctx.status = 204;
      },
    );
  accountChange('role', (ctx) => parseBody(ctx, staffRoleChangeSchema));
  accountChange('duties', (ctx) => parseBody(ctx, staffDutiesChangeSchema));
  accountChange('disable', () => ({ disabled: true }));
  accountChange('enable', () => ({ disabled: false }));
  accountChange('password-link', () => ({ passwordLinkFrom: siteOrigin.href }));
  accountChange('factor-unlock', () => ({ factorsUnlocked: true }) as const);

  // Data requests answered by staff: what is held under an address, a copy of it, its erasure. The
  // log names the address by a hash, as it outlives an erasure; a copy or an erasure needs a fresh factor.
  const personOf = (ctx: Context) => {
    const parsed = staffPersonLookupSchema.safeParse({ email: ctx.query.email });
    return parsed.success ? parsed.data.email : ctx.throw(400, 'Please enter a valid email address');
  };
  const mayErase = factorWithin(
    STAFF_REAUTH_SECONDS.downloads,
    'Please confirm it is you with your second factor before erasing someone’s data.',
  );
  router.get(peopleEndpoint, signedIn, allowed('privacy'), async (ctx) => {
    ctx.body = await staffConsole.personalData(staffOf(ctx), personOf(ctx), 'looked-up');
  });
  router.get(`${peopleEndpoint}.json`, signedIn, allowed('privacy'), mayDownload, async (ctx) => {
    ctx.set('Content-Disposition', 'attachment; filename="refoundation-party-data.json"');
    ctx.body = await staffConsole.personalData(staffOf(ctx), personOf(ctx), 'copied');
  });
  const erase = `${peopleEndpoint}/erase`;
  router.post(erase, ...guards(erase), signedIn, allowed('privacy'), mayErase, async (ctx) => {
    await staffConsole.erasePersonalData(staffOf(ctx), parseBody(ctx, staffPersonErasureSchema).email);
    ctx.status = 204;
  });

  router.get(messagesEndpoint, signedIn, allowed('inbox'), async (ctx) => {
    ctx.body = await staffConsole.messages(ctx.query.status === 'answered' ? 'answered' : 'open');
  });

  const answered = `${messagesEndpoint}/:id/answered`;
  router.post(answered, ...guards(answered, { body: false }), signedIn, allowed('inbox'), async (ctx) => {
    if (!(await staffConsole.markAnswered(staffOf(ctx), ctx.params.id ?? '')))
      return ctx.throw(404, 'There is no such message.');
    ctx.status = 204;
  });

  const reply = `${messagesEndpoint}/:id/reply`;
  router.post(reply, ...guards(reply), signedIn, allowed('inbox'), async (ctx) => {
    const { text } = parseBody(ctx, staffReplySchema);
    if (!(await staffConsole.reply(staffOf(ctx), ctx.params.id ?? '', text, siteOrigin.href)))
      return ctx.throw(404, 'There is no such message.');
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.get(membersEndpoint, signedIn, allowed('members'), async (ctx) => {
    ctx.body = await staffConsole.viewMembers(staffOf(ctx), query(ctx));
  });
  router.get(`${membersEndpoint}.csv`, signedIn, allowed('members'), mayDownload, async (ctx) => {
    const rows = await staffConsole.exportMembers(staffOf(ctx), query(ctx));
    csv(
      ctx,
      'members',
      toCsv(rows, ['firstName', 'lastName', 'email', 'city', 'region', 'membershipTier', 'status', 'memberSince']),
    );
  });

  router.get(subscribersEndpoint, signedIn, allowed('subscribers'), async (ctx) => {
    ctx.body = await staffConsole.subscribers(query(ctx));
  });
  router.get(`${subscribersEndpoint}.csv`, signedIn, allowed('subscribers'), mayDownload, async (ctx) => {
    csv(ctx, 'subscribers', toCsv(await staffConsole.subscribers(query(ctx), null), ['email', 'status', 'since']));
  });

  router.get(newslettersEndpoint, signedIn, allowed('newsletter'), async (ctx) => {
    ctx.body = await issues.overview();
  });
  // A newsletter of 20,000 characters, each up to 4 bytes in UTF-8, JSON-escaped.
  router.post(
    newslettersEndpoint,
    ...guards(newslettersEndpoint, { limitBytes: 128 * 1024 }),
    signedIn,
    allowed('newsletter'),
    async (ctx) => {
      const outcome = await issues.send(staffOf(ctx).email, parseBody(ctx, newsletterIssueSchema), siteOrigin.href);
      if (outcome.kind === 'no-subscribers')
        return ctx.throw(409, 'There is no confirmed subscriber to send it to yet.');
      if (outcome.kind === 'repeated')
        return ctx.throw(409, 'This newsletter was already sent today; it is not sent twice.');
      ctx.status = 202;
      ctx.body = { id: outcome.id, recipients: outcome.recipients };
    },
  );

  router.get(volunteersEndpoint, signedIn, allowed('volunteers'), async (ctx) => {
    ctx.body = await staffConsole.volunteers();
  });

  // Every donation shown or downloaded is in the access log, as members are: its declaration is personal data.
  const treasurer = (ctx: Context) => donations ?? ctx.throw(404, 'This site accepts no crypto donations.');
  router.get(donationsEndpoint, signedIn, allowed('donations'), async (ctx) => {
    ctx.body = await treasurer(ctx).donations(staffOf(ctx).email, 'viewed', STAFF_LIST_LIMIT);
  });
  const resolve = `${donationsEndpoint}/:id/resolve`;
  router.post(resolve, ...guards(resolve), signedIn, allowed('donations'), async (ctx) => {
    const view = treasurer(ctx);
    const outcome = await view.resolve(
      ctx.params.id!,
      staffOf(ctx).email,
      parseBody(ctx, view.resolutionSchema) as DonationResolution,
    );
    if (outcome.kind === 'not-found') return ctx.throw(404, 'There is no such donation.');
    if (outcome.kind === 'refused') return ctx.throw(409, outcome.message);
    ctx.body = { message: outcome.message };
  });

  router.get(`${donationsEndpoint}.csv`, signedIn, allowed('donations'), mayDownload, async (ctx) => {
    const view = treasurer(ctx);
    const rows = view.regulatorReturn(await view.donations(staffOf(ctx).email, 'exported', null));
    csv(ctx, 'donations', toCsv(rows, view.returnHeadings));
  });

  router.get(accessLogEndpoint, signedIn, allowed('accessLog'), async (ctx) => {
    ctx.body = await staffConsole.accessLog();
  });
}
