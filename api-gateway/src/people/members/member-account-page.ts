import type { Context } from 'koa';
import { memberLinks, type PageData } from '@party/shared-contracts';
import type { MemberAccounts } from './member-accounts.js';
import type { MemberSessions } from './member-sessions.js';
import { memberSessionOf } from './session-cookies.js';

/**
 * The member area's page as its member sees it, their account in it, so that it reads complete
 * before (or without) the page's code; null for any other page and for anyone not signed in, who
 * get the page everyone gets (its code sends them to sign in).
 */
export function memberAccountPageData(accounts: MemberAccounts, sessions: MemberSessions) {
  return async (ctx: Context): Promise<PageData | null> => {
    if (ctx.path !== memberLinks.accountPage) return null;
    const found = await memberSessionOf(ctx, sessions);
    if (!found || found.session.factorPending) return null;
    const account = await accounts.account(found.session.memberId);
    return account ? { memberAccount: account } : null;
  };
}
