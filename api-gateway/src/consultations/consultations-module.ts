import type { Context } from 'koa';
import { consultationLinks, consultationPage, pageSlugPattern, type PageData } from '@party/shared-contracts';
import { keyedPageData, type GatewayModule, type Platform } from '../platform/index.js';
import { consultationRecords, type ConsultationRecords } from './consultation-records.js';
import { consultationRoutes } from './consultation-routes.js';
import { heldComments } from './held-comments.js';

export interface Consultations extends GatewayModule {
  /** The consultations' pages' data (the list, one, its moderation log; /policy's areas); null for every other page. */
  pageData(pathname: string): Promise<{ key: string; data: PageData } | null>;
  /** Each consultation's page the public may read, for the sitemap. */
  publicPaths(): Promise<string[]>;
  /** The staff console's consultations section. */
  readonly desk: Pick<
    ConsultationRecords,
    'staffList' | 'staffView' | 'start' | 'publishVersion' | 'changePhase' | 'hide' | 'answer'
  >;
}

const CONSULTATION_PAGE = new RegExp(
  `^${consultationLinks.page}/(${pageSlugPattern})(?:/moderation-log|/publish-comment)?$`,
);

/**
 * The consultations module (issue 64): drafts on policy in numbered paragraphs, published in
 * versions, commented on within limits by members and by people who confirm their address,
 * moderated with published reasons, answered with a published response, and downloadable as open
 * data.
 */
export async function consultationsModule({
  platform,
  signedInEmail,
}: {
  platform: Pick<Platform, 'db' | 'siteOrigin' | 'emailLinks' | 'emailQueued'>;
  /** The email of the member a request is signed in as (the people module's): who comments. */
  signedInEmail: (ctx: Context) => Promise<string | null>;
}): Promise<Consultations> {
  const records = consultationRecords(platform.db);
  const held = heldComments(records, platform);
  return {
    desk: records,
    async pageData(pathname) {
      if (pathname === consultationLinks.page || pathname === '/policy')
        return keyedPageData({ consultations: await records.list() });
      const slug = CONSULTATION_PAGE.exec(pathname)?.[1];
      return slug ? keyedPageData({ consultationPage: { slug, consultation: await records.view(slug) } }) : null;
    },
    async publicPaths() {
      return (await records.list()).map((consultation) => consultationPage(consultation.slug));
    },
    routes(router, guards) {
      consultationRoutes(router, { records, held }, guards, signedInEmail);
    },
  };
}
