import type { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { mayOpen, newsletterIssueSchema, STAFF_LIST_LIMIT, staffLinks, staffReplySchema, staffSignInSchema, type DonationResolution, type StaffSection } from '@party/shared-contracts';
import type { TreasurerView } from '../donations/treasurer-view.js';
import { parseBody } from '../middleware/accept-form.js';
import type { BrowserPostGuards } from '../middleware/browser-post-guards.js';
import type { NewsletterIssues } from '../newsletter/newsletter-issues.js';
import { STAFF_SESSION_HOURS, type StaffAccounts, type StaffSession } from './staff-accounts.js';
import { toCsv, type StaffConsole } from './staff-console.js';

const STAFF_COOKIE = 'staff_session';
const SIGN_IN_REFUSED = 'That email and password do not match a staff account.';

// SameSite=Strict: no request from another site ever carries a staff session, GETs included.
const cookieOptions = { httpOnly: true, secure: true, sameSite: 'strict', path: '/', overwrite: true } as const;

function setStaffCookie(ctx: Context, token: string, maxAge: number) {
  ctx.cookies.secure = true;
  ctx.cookies.set(STAFF_COOKIE, token, { ...cookieOptions, maxAge });
}

const staffOf = (ctx: Context) => ctx.state.staff as StaffSession;

/**
 * The staff console's endpoints. Each section is open to its roles only (403 for the others, 401
 * without a session); every answer is `no-store`, and every look at members is in the access log.
 */
export function staffRoutes(
  router: Router,
  { accounts, console: staffConsole, issues, donations }: { accounts: StaffAccounts; console: StaffConsole; issues: NewsletterIssues; donations: TreasurerView | null },
  guards: BrowserPostGuards,
  siteOrigin: (ctx: Context) => string,
): void {
  const { sessionEndpoint, meEndpoint, messagesEndpoint, membersEndpoint, subscribersEndpoint, newslettersEndpoint, volunteersEndpoint, accessLogEndpoint, donationsEndpoint } =
    staffLinks;

  /** The staff member whose session the request carries, or null; answers about staff are never stored. */
  const staffOfRequest = async (ctx: Context) => {
    const token = ctx.cookies.get(STAFF_COOKIE) ?? '';
    ctx.set('Cache-Control', 'no-store');
    return token ? accounts.session(token) : null;
  };
  const signedIn: Middleware = async (ctx, next) => {
    const staff = await staffOfRequest(ctx);
    if (!staff) return ctx.throw(401, 'Please sign in to the staff console.');
    ctx.state.staff = staff;
    await next();
  };
  const allowed =
    (section: StaffSection): Middleware =>
    async (ctx, next) => {
      if (!mayOpen(staffOf(ctx).role, section)) return ctx.throw(403, 'Your role does not give access to this part of the console.');
      await next();
    };
  const query = (ctx: Context) => (typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : '');
  const csv = (ctx: Context, name: string, body: string) => {
    ctx.set('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = body;
  };

  router.post(sessionEndpoint, ...guards(sessionEndpoint, { perAccount: true }), async (ctx) => {
    const { email, password } = parseBody(ctx, staffSignInSchema);
    const token = await accounts.signIn(email, password);
    if (!token) return ctx.throw(401, SIGN_IN_REFUSED);
    setStaffCookie(ctx, token, STAFF_SESSION_HOURS * 60 * 60_000);
    ctx.body = await accounts.session(token);
  });

  router.delete(sessionEndpoint, ...guards(sessionEndpoint, { body: false }), async (ctx) => {
    const token = ctx.cookies.get(STAFF_COOKIE);
    if (token) await accounts.signOut(token);
    setStaffCookie(ctx, '', 0);
    ctx.status = 204;
  });

  // Answers who is signed in, or `null`: asking is not an error (the console asks on every visit).
  router.get(meEndpoint, async (ctx) => {
    const staff = await staffOfRequest(ctx);
    ctx.body = { staff: staff && { name: staff.name, email: staff.email, role: staff.role } };
  });

  router.get(messagesEndpoint, signedIn, allowed('inbox'), async (ctx) => {
    ctx.body = await staffConsole.messages(ctx.query.status === 'answered' ? 'answered' : 'open');
  });

  const answered = `${messagesEndpoint}/:id/answered`;
  router.post(answered, ...guards(answered, { body: false }), signedIn, allowed('inbox'), async (ctx) => {
    if (!(await staffConsole.markAnswered(staffOf(ctx), ctx.params.id ?? ''))) return ctx.throw(404, 'There is no such message.');
    ctx.status = 204;
  });

  const reply = `${messagesEndpoint}/:id/reply`;
  router.post(reply, ...guards(reply), signedIn, allowed('inbox'), async (ctx) => {
    const { text } = parseBody(ctx, staffReplySchema);
    if (!(await staffConsole.reply(staffOf(ctx), ctx.params.id ?? '', text, siteOrigin(ctx)))) return ctx.throw(404, 'There is no such message.');
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.get(membersEndpoint, signedIn, allowed('members'), async (ctx) => {
    ctx.body = await staffConsole.viewMembers(staffOf(ctx), query(ctx));
  });
  router.get(`${membersEndpoint}.csv`, signedIn, allowed('members'), async (ctx) => {
    const rows = await staffConsole.exportMembers(staffOf(ctx), query(ctx));
    csv(ctx, 'members', toCsv(rows, ['firstName', 'lastName', 'email', 'city', 'region', 'membershipTier', 'status', 'memberSince']));
  });

  router.get(subscribersEndpoint, signedIn, allowed('subscribers'), async (ctx) => {
    ctx.body = await staffConsole.subscribers(query(ctx));
  });
  router.get(`${subscribersEndpoint}.csv`, signedIn, allowed('subscribers'), async (ctx) => {
    csv(ctx, 'subscribers', toCsv(await staffConsole.subscribers(query(ctx), null), ['email', 'status', 'since']));
  });

  router.get(newslettersEndpoint, signedIn, allowed('newsletter'), async (ctx) => {
    ctx.body = await issues.overview();
  });
  // A newsletter of 20,000 characters, each up to 4 bytes in UTF-8, JSON-escaped.
  router.post(newslettersEndpoint, ...guards(newslettersEndpoint, { limitBytes: 128 * 1024 }), signedIn, allowed('newsletter'), async (ctx) => {
    const outcome = await issues.send(staffOf(ctx).email, parseBody(ctx, newsletterIssueSchema), siteOrigin(ctx));
    if (outcome.kind === 'no-subscribers') return ctx.throw(409, 'There is no confirmed subscriber to send it to yet.');
    if (outcome.kind === 'repeated') return ctx.throw(409, 'This newsletter was already sent today; it is not sent twice.');
    ctx.status = 202;
    ctx.body = { id: outcome.id, recipients: outcome.recipients };
  });

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
    const id = /^\d{1,18}$/.test(ctx.params.id ?? '') ? ctx.params.id! : '0';
    const outcome = await view.resolve(id, staffOf(ctx).email, parseBody(ctx, view.resolutionSchema) as DonationResolution);
    if (outcome.kind === 'not-found') return ctx.throw(404, 'There is no such donation.');
    if (outcome.kind === 'refused') return ctx.throw(409, outcome.message);
    ctx.status = 204;
  });

  router.get(`${donationsEndpoint}.csv`, signedIn, allowed('donations'), async (ctx) => {
    const view = treasurer(ctx);
    const rows = view.regulatorReturn(await view.donations(staffOf(ctx).email, 'exported', null));
    csv(ctx, 'donations', toCsv(rows, view.returnHeadings));
  });

  router.get(accessLogEndpoint, signedIn, allowed('accessLog'), async (ctx) => {
    ctx.body = await staffConsole.accessLog();
  });
}
