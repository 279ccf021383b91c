import path from 'node:path';
import type { Context } from 'koa';
import { PARTY_HEADQUARTERS, PARTY_NAME } from '@party/shared-contracts';
import { escapeHtml } from '../escape-html.js';
import { cspHash } from './security-headers.js';

/** What a browser shows when the gateway cannot answer with a page of the site: a refused link, a failure. */
export interface StatusPage {
  status: number;
  title: string;
  /** Sentences, each a paragraph. */
  lines: readonly string[];
}

// Self-contained: a failure may be the very thing that keeps the site's stylesheets away.
const STYLE =
  'body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;background:#f8fafc}' +
  'main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}' +
  'p.site{font-weight:700;color:#1f3c88;letter-spacing:.02em}' +
  'h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}' +
  'a{color:#1f3c88;text-underline-offset:.2em}' +
  'a:focus-visible{outline:3px solid #1f3c88;outline-offset:3px;border-radius:2px}';
const STYLE_HASH = cspHash(STYLE);

/** The page's HTML, in the site's voice, with a way home and a way to write to the party. */
export function statusPageHtml({ title, lines }: StatusPage): string {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const { email } = PARTY_HEADQUARTERS;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} | ${escapeHtml(PARTY_NAME)}</title><style>${STYLE}</style></head>` +
    `<body><main><p class="site">${escapeHtml(PARTY_NAME)}</p><h1>${escapeHtml(title)}</h1>${paragraphs}` +
    `<p><a href="/">Go to the home page</a> or write to us at <a href="mailto:${email}">${email}</a>.</p>` +
    `</main></body></html>`
  );
}

/**
 * Answers `page` as HTML, never stored: its one inline stylesheet is added by hash to the
 * Content-Security-Policy the response already carries (securityHeaders).
 */
export function sendStatusPage(ctx: Context, page: StatusPage): void {
  ctx.status = page.status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  const policy = ctx.response.get('Content-Security-Policy');
  if (policy) ctx.set('Content-Security-Policy', policy.replace(/(^|;)style-src /, `$1style-src ${STYLE_HASH} `));
  ctx.body = statusPageHtml(page);
}

/** Whether a path is one of the site's pages: not the API, not a file. */
export function isPagePath(pathname: string): boolean {
  return !/^\/(api|static|remotes|releases)(\/|$)/.test(pathname) && path.extname(pathname) === '';
}

/** Whether the request is a person's browser opening or posting a page, which an error answers as a page. */
export function wantsPage(ctx: Context): boolean {
  return isPagePath(ctx.path) && ctx.accepts('json', 'html') === 'html';
}

/** The status page of an error a page request met; `message` is shown only when it may be. */
export function errorPage(status: number, message: string | null): StatusPage {
  if (status >= 500)
    return {
      status,
      title: 'Something went wrong on our side',
      lines: ['This page could not be shown just now. Please try again in a few minutes.'],
    };
  const title = status === 429 ? 'Too many attempts' : status === 404 ? 'Page not found' : 'This could not be done';
  return { status, title, lines: message ? [message] : [] };
}
