import type { Router } from '@koa/router';

/** Rows' ids are bigints: anything else in a route's `:id` is answered here, before any query reads it. */
const ROW_ID = /^\d{1,18}$/;

/** Answers 400 for a route whose `:id` is not a row's id. */
export function wellFormedIds(router: Router): void {
  router.param('id', (id, ctx, next) => (ROW_ID.test(id) ? next() : ctx.throw(400, 'That is not a valid id.')));
}
