import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  donationLinks,
  donationPledgeSchema,
  donationReportSchema,
  donationSignatureSchema,
  type DeclarationRequired,
  type DonationPledgeReceipt,
  type DonationReportReceipt,
  type DonationTerms,
  type FormErrorBody,
} from '@party/shared-contracts';
import { type BrowserPostGuards, keyedPageData, linkTokenOf, parseBody } from '../platform/index.js';
import type { DonationLedger } from './donation-ledger.js';

const LINK_NOT_VALID =
  'This link has expired or is not complete. Please open the whole link from your receipt, or write to us from the contact page.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The donate page's endpoints: the terms (public), a pledge before the wallet is asked, its wallet's
 * signature (or its withdrawal when nothing was sent), the report of the broadcast transaction, the
 * public ledger, and a donor's email confirmed by their receipt's link. Without a ledger, or
 * with rules that accept no crypto now, a pledge is 410.
 * `signedInEmail`: the email of the member the request is signed in as, which a pledge under it proves.
 */
export function donationRoutes(
  router: Router,
  terms: DonationTerms,
  ledger: DonationLedger | null,
  guards: BrowserPostGuards,
  signedInEmail: (ctx: Context) => Promise<string | null>,
): void {
  router.get(donationLinks.terms, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = terms;
  });

  const pledgeSchema = terms.accepting ? donationPledgeSchema(terms) : null;
  const notAccepting = terms.accepting ? '' : `${terms.message} ${terms.otherWays}`;

  router.post(donationLinks.pledges, ...guards(donationLinks.pledges), async (ctx) => {
    if (!ledger || !pledgeSchema) return ctx.throw(410, notAccepting);
    const pledge = parseBody(ctx, pledgeSchema);
    // A declaration is personal data: given only with the privacy policy agreed to.
    if (pledge.declaration && !pledge.privacy) {
      return ctx.throw(400, 'Some fields need your attention. Please correct them and try again.', {
        fieldErrors: { privacy: 'You must agree to the privacy policy' },
      });
    }
    const outcome = await ledger.pledge(pledge, { signedInEmail: await signedInEmail(ctx) });
    if (outcome.kind === 'declaration-required') {
      ctx.status = 422;
      ctx.body = { message: outcome.message, declarationRequired: true } satisfies DeclarationRequired;
      return;
    }
    if (outcome.kind === 'closed') return ctx.throw(410, 'We no longer accept donations in cryptocurrency.');
    if (outcome.kind === 'over-cap') return ctx.throw(409, outcome.message);
    if (outcome.kind === 'price-stale') return ctx.throw(503, outcome.message, { expose: true });
    ctx.status = 201;
    ctx.body = {
      pledge: outcome.id,
      typedData: outcome.typedData,
      expiresAt: outcome.expiresAt.toISOString(),
    } satisfies DonationPledgeReceipt;
  });

  router.post(donationLinks.emailConfirmation, ...guards(donationLinks.emailConfirmation), async (ctx) => {
    if (!ledger || !(await ledger.confirmEmail(linkTokenOf(ctx)))) return ctx.throw(410, LINK_NOT_VALID);
    ctx.body = { done: true };
  });

  const pledgeOf = (ctx: Context) =>
    UUID.test(ctx.params.pledge ?? '') ? ctx.params.pledge! : ctx.throw(400, 'That is not a valid pledge id.');
  const signature = `${donationLinks.pledges}/:pledge/signature`;
  router.post(signature, ...guards(signature), async (ctx) => {
    if (!ledger) return ctx.throw(410, notAccepting);
    const outcome = await ledger.sign(pledgeOf(ctx), parseBody(ctx, donationSignatureSchema).signature);
    if (outcome.kind === 'not-found')
      return ctx.throw(404, 'We have no record of this pledge. Please start your donation again.');
    if (outcome.kind === 'expired')
      return ctx.throw(410, 'This pledge has expired. Please start your donation again; nothing was sent.');
    if (outcome.kind === 'refused') return ctx.throw(outcome.status, outcome.message);
    ctx.status = 204;
  });

  const withdrawal = `${donationLinks.pledges}/:pledge/withdrawal`;
  router.post(withdrawal, ...guards(withdrawal), async (ctx) => {
    if (!ledger) return ctx.throw(410, notAccepting);
    const outcome = await ledger.withdraw(pledgeOf(ctx));
    if (outcome.kind === 'not-found') return ctx.throw(404, 'We have no record of this pledge.');
    if (outcome.kind === 'fulfilled') return ctx.throw(409, 'This pledge is fulfilled: it cannot be withdrawn.');
    ctx.status = 204;
  });

  router.post(donationLinks.reports, ...guards(donationLinks.reports), async (ctx) => {
    if (!ledger) return ctx.throw(410, notAccepting);
    const outcome = await ledger.report(parseBody(ctx, donationReportSchema));
    if (outcome.kind === 'unknown-pledge')
      return ctx.throw(404, 'We have no record of this pledge. Please start your donation again.');
    if (outcome.kind === 'already-recorded')
      return ctx.throw(409, 'This transaction is already recorded as a donation.');
    if (outcome.kind === 'refused') {
      ctx.status = 422;
      ctx.body = { message: outcome.message } satisfies FormErrorBody;
      return;
    }
    ctx.status = 201;
    ctx.body = {
      status: outcome.status,
      txHash: outcome.txHash,
      ...(outcome.notice ? { notice: outcome.notice } : {}),
    } satisfies DonationReportReceipt;
  });

  router.get(donationLinks.ledger, async (ctx) => {
    if (!ledger) return ctx.throw(410, notAccepting);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await ledger.publicLedger();
  });
}

/**
 * The public ledger's page is rendered with its figures: read for each request, keyed by their
 * hash so that the page cache holds one rendering per state of the ledger.
 */
export function donationPageData(ledger: DonationLedger | null) {
  return async (pathname: string) => {
    if (!ledger || pathname !== donationLinks.ledgerPage) return null;
    return keyedPageData({ donationLedger: await ledger.publicLedger() });
  };
}
