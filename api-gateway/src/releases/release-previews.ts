import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  isFrontEndName,
  listedPaths,
  PREVIEW_HOURS,
  RELEASE_PREVIEW_LEAVE_PATH,
  type FrontEndName,
  type StaffPreviewLink,
} from '@party/shared-contracts';
import {
  type BrowserPostGuards,
  type Logger,
  type Queryable,
  sendStatusPage,
  type SiteOrigin,
} from '../platform/index.js';
import type { PreviewedRelease } from './registry-cache.js';
import type { ReleaseCache } from './release-cache.js';
import { previewRecords } from './preview-records.js';
import { sealedTokens } from './sealed-tokens.js';
import { knownRemote, publishedRelease, ReleaseError, type ActiveRelease } from './release-registry.js';

/** The cookie that pins a browser to a previewed release (HttpOnly: pages never read it). */
const PREVIEW_COOKIE = '__Host-party_preview';
/** Where a preview link points: `/api/previews/<token>`. */
const PREVIEW_PATH = '/api/previews/';

/** A preview a browser holds: the release it shows, ready to serve, and when the preview ends. */
export interface ReleasePreview extends PreviewedRelease {
  expiresAt: number;
}

export interface ReleasePreviews {
  /**
   * A link that shows `version` of `remote` (published, active or not) to whoever opens it, in that
   * browser alone, for `hours` (a day at most); the shell's too; recorded as made `by` someone.
   * Refused (ReleaseError) for a version not published.
   */
  mint(remote: string, version: string, by: string, hours?: number): Promise<{ url: string; expiresAt: string }>;
  /** The links that still work, newest first. */
  open(): Promise<StaffPreviewLink[]>;
  /** Ends link `id` at once, for every browser that opened it: false when no working link has that id. */
  revoke(id: string, by: string): Promise<boolean>;
  /** The release this request's browser previews, fetched and ready to serve; null for everyone else. */
  of(ctx: Context): Promise<ReleasePreview | null>;
  /** `GET /api/previews/<token>` (opens a preview) and `POST` {@link RELEASE_PREVIEW_LEAVE_PATH} (leaves it). */
  routes(router: Router, guards: BrowserPostGuards): void;
}

interface PreviewOptions {
  db: Queryable;
  cache: ReleaseCache;
  /** The site's secret: every gateway opens the links another minted. */
  secret: string;
  siteOrigin: SiteOrigin;
  logger: Logger;
  clock?: () => number;
}

/**
 * Previews of releases before they are activated (decision 0037): a signed link that expires sets a
 * cookie pinning one remote to one published release for that browser alone. Its pages are rendered
 * for it and never cached for others, and it takes no part in canaries. Each link is recorded, and
 * the record read on every use, so that a link revoked stops working in every browser at once.
 */
export function releasePreviews({
  db,
  cache,
  secret,
  siteOrigin,
  logger,
  clock = Date.now,
}: PreviewOptions): ReleasePreviews {
  const tokens = sealedTokens(secret, 'release-previews');
  /** What a token names, whether or not it has expired; null for anything the site did not seal. */
  const read = (token: string): { id: string; remote: FrontEndName; version: string; expiresAt: number } | null => {
    const [id, remote, version, expiresAt] = (tokens.open(token) ?? []) as [string, string, string, number];
    return isFrontEndName(remote) ? { id, remote, version, expiresAt } : null;
  };
  const records = previewRecords(db, logger, clock);

  // Releases never change once published: each is read once (one not published yet, each time).
  const published = new Map<string, Promise<ActiveRelease | null>>();
  const releaseOf = (frontEnd: FrontEndName, version: string) => {
    const id = `${frontEnd}@${version}`;
    let found = published.get(id);
    if (!found) {
      found = publishedRelease(db, frontEnd, version);
      published.set(id, found);
      found.then(
        (release) => release ?? published.delete(id),
        () => published.delete(id),
      );
    }
    return found;
  };
  /** The release, fetched into this instance's cache, so that its files and server build are here. */
  const ready = async (frontEnd: FrontEndName, version: string) => {
    const release = await releaseOf(frontEnd, version);
    if (release) await cache.fetch(frontEnd, version);
    return release;
  };

  const setCookie = (ctx: Context, token: string, expires: Date) => {
    ctx.cookies.secure = true;
    ctx.cookies.set(PREVIEW_COOKIE, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      expires,
      overwrite: true,
    });
  };

  /** The release's first page anyone can open (listed, no parameters), or the home page. */
  const landingOf = (release: ActiveRelease) => listedPaths(release.routes)[0] ?? '/';

  return {
    async mint(remote, version, by, hours = PREVIEW_HOURS.default) {
      await knownRemote(db, remote);
      if (!(await releaseOf(remote, version)))
        throw new ReleaseError(`${remote} has no published version "${version}".`, 404);
      const id = randomUUID();
      const expiresAt = clock() + Math.min(hours, PREVIEW_HOURS.most) * 3_600_000;
      await records.record({ id, remote, version, by, expiresAt });
      return {
        url: `${siteOrigin.href}${PREVIEW_PATH}${tokens.seal([id, remote, version, expiresAt])}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    open: () => records.open(),
    revoke: (id, by) => records.revoke(id, by),

    async of(ctx) {
      const named = read(ctx.cookies.get(PREVIEW_COOKIE) ?? '');
      if (!named || named.expiresAt <= clock() || (await records.revoked(named.id))) return null;
      try {
        const release = await ready(named.remote, named.version);
        return release && { remote: named.remote, release, expiresAt: named.expiresAt };
      } catch (error) {
        // The store cannot give it now: this browser gets the active releases, and no banner says otherwise.
        logger.warn({ err: error, remote: named.remote, version: named.version }, 'a previewed release is unavailable');
        return null;
      }
    },

    routes(router, guards) {
      router.get(`${PREVIEW_PATH}:token`, async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        const named = read(ctx.params.token ?? '');
        if (!named)
          return sendStatusPage(ctx, {
            status: 404,
            title: 'This preview link does not work',
            lines: ['It is not one of this site’s links: it may have been cut short when it was copied.'],
          });
        if (named.expiresAt <= clock())
          return sendStatusPage(ctx, {
            status: 410,
            title: 'This preview link has expired',
            lines: [`It showed ${named.remote} ${named.version}. Ask the release’s team for a new link.`],
          });
        if (await records.revoked(named.id))
          return sendStatusPage(ctx, {
            status: 410,
            title: 'This preview link was withdrawn',
            lines: [`It showed ${named.remote} ${named.version}. Ask the release’s team for a new link.`],
          });
        const release = await ready(named.remote, named.version).catch((error: unknown) => {
          logger.warn({ err: error, ...named }, 'a previewed release is unavailable');
          return 'unavailable' as const;
        });
        if (release === 'unavailable')
          return sendStatusPage(ctx, {
            status: 503,
            title: 'This preview cannot be shown just now',
            lines: [
              `${named.remote} ${named.version} could not be fetched from the release store. Try the link again in a few minutes.`,
            ],
          });
        if (!release)
          return sendStatusPage(ctx, {
            status: 404,
            title: 'This release is not published',
            lines: [`${named.remote} has no published version "${named.version}".`],
          });
        setCookie(ctx, ctx.params.token!, new Date(named.expiresAt));
        logger.info({ remote: named.remote, version: named.version }, 'a browser previews a release');
        ctx.status = 303;
        ctx.redirect(landingOf(release));
      });
      router.post(RELEASE_PREVIEW_LEAVE_PATH, ...guards(RELEASE_PREVIEW_LEAVE_PATH, { body: false }), (ctx) => {
        setCookie(ctx, '', new Date(0));
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 303;
        ctx.redirect(samePagePath(ctx, siteOrigin.href));
      });
    },
  };
}

/** The page the request came from, when it is one of this site's; else the home page. */
function samePagePath(ctx: Context, origin: string): string {
  try {
    const from = new URL(ctx.get('Referer'));
    return from.origin === origin && !from.pathname.startsWith('/api/') ? `${from.pathname}${from.search}` : '/';
  } catch {
    return '/';
  }
}
