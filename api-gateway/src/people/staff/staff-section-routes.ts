import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  newsletterIssueSchema,
  staffDutiesChangeSchema,
  staffInviteSchema,
  staffLinks,
  staffPersonErasureSchema,
  staffPersonLookupSchema,
  staffReplySchema,
  staffRoleChangeSchema,
} from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import type { StaffAccountChange } from './staff-accounts.js';
import { csv, toCsv } from './staff-console.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

const query = (ctx: Context) => (typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : '');

/** Staff accounts, for administrators: listed, invited, and changed (role, duties, access, links). */
export function staffAccountRoutes(router: Router, { accounts, gate, guards, siteOrigin }: StaffEndpoints): void {
  const { signedIn, allowed } = gate;
  const { accountsEndpoint } = staffLinks;

  router.get(accountsEndpoint, signedIn, allowed('accounts'), async (ctx) => {
    ctx.body = await accounts.list();
  });
  router.post(accountsEndpoint, ...guards(accountsEndpoint), signedIn, allowed('accounts'), async (ctx) => {
    const invited = await accounts.invite(staffOf(ctx).email, parseBody(ctx, staffInviteSchema), siteOrigin.href);
    if (!invited) return ctx.throw(409, 'This address already has a staff account.');
    ctx.status = 201;
    ctx.body = invited;
  });
  const accountChange = (path: string, change: (ctx: Context) => StaffAccountChange) =>
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
}

/**
 * The console's sections, each open to its roles: data requests, the inbox, members, subscribers,
 * newsletters, volunteers and the access log (donations: staff-treasurer-routes.ts). Every look at people is in the access log.
 */
export function staffSectionRoutes(
  router: Router,
  { console: staffConsole, issues, gate, guards, siteOrigin }: StaffEndpoints,
): void {
  const { signedIn, allowed, mayDownload, mayErase } = gate;
  const {
    messagesEndpoint,
    membersEndpoint,
    subscribersEndpoint,
    newslettersEndpoint,
    volunteersEndpoint,
    accessLogEndpoint,
    peopleEndpoint,
  } = staffLinks;

  // Data requests answered by staff: what is held under an address, a copy of it, its erasure. The
  // log names the address by a hash, as it outlives an erasure; a copy or an erasure needs a fresh factor.
  const personOf = (ctx: Context) => {
    const parsed = staffPersonLookupSchema.safeParse({ email: ctx.query.email });
    return parsed.success ? parsed.data.email : ctx.throw(400, 'Please enter a valid email address');
  };
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

  router.get(accessLogEndpoint, signedIn, allowed('accessLog'), async (ctx) => {
    ctx.body = await staffConsole.accessLog();
  });
}
