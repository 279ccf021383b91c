import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  consultationDraftSchema,
  consultationPhaseChangeSchema,
  consultationResponseSchema,
  consultationVersionSchema,
  moderationSchema,
  staffLinks,
  type ConsultationDraft,
  type ConsultationPhase,
  type ConsultationResponseInput,
  type ConsultationVersionInput,
  type ModerationReason,
  type StaffConsultationSummary,
  type StaffConsultationView,
} from '@party/shared-contracts';
import { parseBody } from '../../platform/index.js';
import { staffOf } from './staff-gate.js';
import type { StaffEndpoints } from './staff-routes.js';

/** What the consultations section reads and asks of the consultations module; each change throws its refusal. */
export interface ConsultationDesk {
  staffList(): Promise<StaffConsultationSummary[]>;
  staffView(slug: string): Promise<StaffConsultationView | null>;
  start(draft: ConsultationDraft, by: string): Promise<void>;
  publishVersion(slug: string, input: ConsultationVersionInput, by: string): Promise<number>;
  changePhase(slug: string, phase: ConsultationPhase): Promise<void>;
  hide(slug: string, commentId: string, reason: ModerationReason, by: string): Promise<void>;
  answer(slug: string, response: ConsultationResponseInput, by: string): Promise<void>;
}

const slugOf = (ctx: Context) => ctx.params.slug ?? '';

/**
 * Consultations, for staff: the list (drafts too), one to work on, a new one, a new version of its
 * draft, opening and closing it, hiding a comment with a published reason, and the response that
 * answers it. Who did each is the signed-in staff member's address.
 */
export function staffConsultationRoutes(router: Router, { consultations, gate, guards }: StaffEndpoints): void {
  const { signedIn, allowed } = gate;
  const section = allowed('consultations');
  const { consultationsEndpoint } = staffLinks;
  const by = (ctx: Context) => staffOf(ctx).email;

  router.get(consultationsEndpoint, signedIn, section, async (ctx) => {
    ctx.body = await consultations.staffList();
  });
  router.post(consultationsEndpoint, ...guards(consultationsEndpoint), signedIn, section, async (ctx) => {
    await consultations.start(parseBody(ctx, consultationDraftSchema), by(ctx));
    ctx.status = 201;
    ctx.body = { started: true };
  });
  const one = `${consultationsEndpoint}/:slug`;
  router.get(one, signedIn, section, async (ctx) => {
    ctx.body = (await consultations.staffView(slugOf(ctx))) ?? ctx.throw(404, 'There is no such consultation.');
  });
  const versions = `${one}/versions`;
  router.post(versions, ...guards(versions), signedIn, section, async (ctx) => {
    const version = await consultations.publishVersion(slugOf(ctx), parseBody(ctx, consultationVersionSchema), by(ctx));
    ctx.status = 201;
    ctx.body = { version };
  });
  const phase = `${one}/phase`;
  router.post(phase, ...guards(phase), signedIn, section, async (ctx) => {
    await consultations.changePhase(slugOf(ctx), parseBody(ctx, consultationPhaseChangeSchema).phase);
    ctx.status = 204;
  });
  const hide = `${one}/comments/:comment/hide`;
  router.post(hide, ...guards(hide), signedIn, section, async (ctx) => {
    const { reason } = parseBody(ctx, moderationSchema);
    await consultations.hide(slugOf(ctx), ctx.params.comment ?? '', reason, by(ctx));
    ctx.status = 204;
  });
  const response = `${one}/response`;
  router.post(response, ...guards(response), signedIn, section, async (ctx) => {
    await consultations.answer(slugOf(ctx), parseBody(ctx, consultationResponseSchema), by(ctx));
    ctx.status = 201;
    ctx.body = { answered: true };
  });
}
