import {
  PAGE_DATA_ELEMENT_ID,
  PARTY_DESCRIPTION,
  PARTY_NAME,
  SITE_SETTINGS_ELEMENT_ID,
  socialCards,
  type PageAssets,
  type PageData,
  type PageMeta,
  type RemoteRegistry,
  type SiteSettings,
} from '@party/shared-contracts';
import { cspHash } from '../../platform/index.js';
import type { AssetHints } from './asset-hints.js';

export const DEFAULT_META: PageMeta = {
  title: PARTY_NAME,
  description: PARTY_DESCRIPTION,
};

/** The link-preview card (1200 × 630) the shell ships; a page may name its own image. */
export const DEFAULT_IMAGE = socialCards.site;

export interface PageDocument {
  /** The shell's built index.html: the document and its static head (theme, icon). */
  template: string;
  /** What the shell's page loads, as its build listed it (page-assets.json): its stylesheets come in `styles`. */
  assets: Pick<PageAssets, 'scripts' | 'inlineScripts'>;
  /** The inside of `<div id="root">`; empty when the page is left to the browser. */
  body: string;
  meta: PageMeta;
  hints: AssetHints;
  /**
   * The page's stylesheets in order, with their text where it is at hand: those are written into
   * the page (no request before the first paint), the others linked.
   */
  styles: ReadonlyArray<{ href: string; css: string | null }>;
  registry: RemoteRegistry;
  /** The site settings the page was rendered with, for the browser to read the same. */
  settings: SiteSettings | null;
  /** What the gateway read for this page, rendered into it, for the browser to hydrate with. */
  pageData?: PageData | null;
  /** The site's origin, e.g. `https://refoundation.example`. */
  origin: string;
  /** Path and query of the page. */
  url: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** JSON inside a script element: no `</script>` or `<!--` can end or bend it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Paths in structured data become URLs of the site's origin, as search engines expect. */
function absolute(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => absolute(item, origin));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absolute(item, origin)]));
  return value;
}

/**
 * A stylesheet's name as its build's CSS loader knows it: its path under the build's root, where
 * Rsbuild puts it in static/css/. A `<style data-href>` of that name is, to the loader of a remote's
 * page, that page's stylesheet already in the document, which it then does not fetch again.
 */
function stylesheetName(href: string): string {
  const at = href.lastIndexOf('static/css/');
  return at < 0 ? href : href.slice(at);
}

/** CSS written into the page: its relative URLs resolved against where the stylesheet lives. */
function inlineCss(href: string, css: string): string {
  return css
    .replace(
      /url\((['"]?)(?![a-z]+:|\/|#)([^)'"]+)\1\)/gi,
      (_match, quote: string, relative: string) =>
        `url(${quote}${new URL(relative, `http://site${href}`).pathname}${quote})`,
    )
    .replace(/<\/style/gi, '<\\/style');
}

function headTags(
  { meta, hints, origin, url }: PageDocument,
  styles: ReadonlyArray<{ href: string; inline: string | null }>,
): string {
  const title = meta.title === PARTY_NAME ? meta.title : `${meta.title} | ${PARTY_NAME}`;
  const canonical = `${origin}${url.split('?')[0]}`;
  const image = absolute(meta.image ?? DEFAULT_IMAGE, origin) as string;
  const tag = (name: string, attributes: Record<string, string>) =>
    `<${name} ${Object.entries(attributes)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')}>`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    ...(meta.noindex ? [tag('meta', { name: 'robots', content: 'noindex' })] : []),
    tag('link', { rel: 'canonical', href: canonical }),
    tag('meta', { property: 'og:site_name', content: PARTY_NAME }),
    tag('meta', { property: 'og:type', content: meta.type ?? 'website' }),
    tag('meta', { property: 'og:title', content: title }),
    tag('meta', { property: 'og:description', content: meta.description }),
    tag('meta', { property: 'og:url', content: canonical }),
    tag('meta', { property: 'og:image', content: image }),
    tag('meta', { property: 'og:image:width', content: '1200' }),
    tag('meta', { property: 'og:image:height', content: '630' }),
    ...(meta.publishedTime ? [tag('meta', { property: 'article:published_time', content: meta.publishedTime })] : []),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    tag('meta', { name: 'twitter:title', content: title }),
    tag('meta', { name: 'twitter:description', content: meta.description }),
    tag('meta', { name: 'twitter:image', content: image }),
    ...hints.fonts.map((href) =>
      tag('link', { rel: 'preload', as: 'font', type: 'font/woff2', href, crossorigin: '' }),
    ),
    ...styles.map(({ href, inline }) =>
      inline === null
        ? tag('link', { rel: 'stylesheet', href })
        : `<style data-href="${escapeHtml(stylesheetName(href))}">${inline}</style>`,
    ),
    ...(meta.structuredData
      ? [`<script type="application/ld+json">${scriptJson(absolute(meta.structuredData, origin))}</script>`]
      : []),
  ];
  return tags.join('');
}

/**
 * The page's code, for the shell document's loader (`party-assets`): the shell's entry scripts, in
 * order, and every script and manifest the page needs beside them, all fetched at once once the page
 * has been painted, so that none of it competes with what the visitor sees first (decision 0020).
 */
function pageCode(entries: readonly string[], hints: AssetHints) {
  return `<script id="party-assets" type="application/json">${scriptJson({ scripts: entries, preload: hints.scripts, fetch: hints.fetches })}</script>`;
}

/** For a page left to the browser, a visitor without JavaScript is told why it stays empty. */
const NO_SCRIPT = '<noscript>This site needs JavaScript to show its pages.</noscript>';

/**
 * The page as the server sends it: the shell's document with its inline scripts and the page's head
 * (title, description, canonical, Open Graph and Twitter tags, JSON-LD, its stylesheets and font),
 * the rendered page, the registry it was rendered with (so that the browser loads those releases),
 * every script and manifest the page needs, listed for the loader, and the site settings. The
 * shell's document is written into at two places, the end of its head and its root element.
 */
export function pageDocument(document: PageDocument): { html: string; styleHashes: string[] } {
  const styles = document.styles.map(({ href, css }) => ({ href, inline: css === null ? null : inlineCss(href, css) }));
  const head = headTags(document, styles);
  // The policy allows exactly the stylesheets written into the page, by the hash of their text.
  const styleHashes = styles.flatMap(({ inline }) => (inline === null ? [] : [cspHash(inline)]));
  const root = `<div id="root">${document.body}</div>`;
  const registry = `<script id="party-registry" type="application/json">${scriptJson(document.registry)}</script>${
    document.settings
      ? `<script id="${SITE_SETTINGS_ELEMENT_ID}" type="application/json">${scriptJson(document.settings)}</script>`
      : ''
  }${document.pageData ? `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptJson(document.pageData)}</script>` : ''}`;
  const scripts = document.assets.inlineScripts.map((script) => `<script>${script}</script>`).join('');
  const html = document.template
    .replace('</head>', () => `${scripts}${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `${root}${registry}${pageCode(document.assets.scripts, document.hints)}${document.body ? '' : NO_SCRIPT}`,
    );
  return { html, styleHashes };
}
