import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { newsletterLinks, type NewsletterLinkReceipt } from '@party/shared-contracts';
import { type BrowserPostGuards, linkTokenOf, type SiteOrigin } from '../../platform/index.js';
import type { NewsletterSubscriptions } from './newsletter-subscriptions.js';

const receipt: NewsletterLinkReceipt = { done: true };
const LINK_USED_OR_EXPIRED =
  'This link has expired or has already been used. If you have not confirmed your subscription yet, sign up again and we will send you a new link.';
const LINK_NOT_VALID =
  'This unsubscribe link is not valid. Please open the whole link from the email, or write to us from the contact page.';

/**
 * The endpoints behind the links in newsletter emails, each given `?token=` from its link:
 * confirming is posted by the confirmation page (a browser, same origin); unsubscribing also by a
 * mail program's one-click button (RFC 8058: no browser, no Origin), so only the token guards it.
 */
export function newsletterRoutes(
  router: Router,
  subscriptions: NewsletterSubscriptions,
  {
    guards,
    rateLimit,
    siteOrigin,
  }: { guards: BrowserPostGuards; rateLimit: (route: string) => Middleware; siteOrigin: SiteOrigin },
): void {
  const { confirmEndpoint, unsubscribeEndpoint } = newsletterLinks;

  router.post(confirmEndpoint, ...guards(confirmEndpoint), async (ctx) => {
    if (!(await subscriptions.confirm(linkTokenOf(ctx), siteOrigin.href))) ctx.throw(410, LINK_USED_OR_EXPIRED);
    ctx.body = receipt;
  });

  router.post(unsubscribeEndpoint, rateLimit(unsubscribeEndpoint), async (ctx) => {
    if (!(await subscriptions.unsubscribe(linkTokenOf(ctx)))) ctx.throw(400, LINK_NOT_VALID);
    ctx.body = receipt;
  });
}
