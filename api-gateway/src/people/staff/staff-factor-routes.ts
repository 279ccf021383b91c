import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { appFactorSchema, passkeySchema, staffLinks, type SecondFactorAdded } from '@party/shared-contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { parseBody } from '../../platform/index.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

/**
 * One's own second factors: listed, added (an authenticator app, a passkey), removed, and new
 * recovery codes; each change needs a fresh factor and is in the access log.
 */
export function staffFactorRoutes(router: Router, { accounts, factors, gate, guards }: StaffEndpoints): void {
  const { tokenOf, setStaffCookie, relyingParty, inSession, signedIn, mayChangeFactors } = gate;
  const { factorsEndpoint, recoveryCodesEndpoint } = staffLinks;

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
}
