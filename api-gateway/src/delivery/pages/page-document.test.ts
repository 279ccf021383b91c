import type { RemoteRegistry } from '@party/shared-contracts';
import { noHints } from './asset-hints.js';
import { cspHash } from '../../platform/index.js';
import { pageDocument, type PageDocument } from './page-document.js';

const template = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="theme-color" content="#1f3c88" /></head><body><div id="root"></div></body></html>`;
const registry: RemoteRegistry = {
  remotes: {
    'mf-content': {
      entry: '/remotes/mf-content/mf-manifest.json',
      version: 'configured',
      routes: [{ path: '/news/:articleId', page: 'NewsArticle' }],
    },
    'mf-engagement': { entry: '/remotes/mf-engagement/mf-manifest.json', version: 'configured', routes: [] },
    'mf-donate': { entry: '/remotes/mf-donate/mf-manifest.json', version: 'configured', routes: [] },
  },
};

const page = (change: Partial<PageDocument> = {}) =>
  pageDocument({
    template,
    assets: { scripts: ['/static/js/index.1.js'], inlineScripts: ['window.partyGuard=1'] },
    body: '<h1>We have tabled the Budget Transparency Act</h1>',
    meta: {
      title: 'We have tabled the Budget Transparency Act',
      description: 'Every line of public spending, published monthly.',
      type: 'article',
      publishedTime: '2026-11-14',
      structuredData: { '@type': 'NewsArticle', url: '/news/budget', headline: 'A </script><script>alert(1)</script>' },
    },
    styles: [{ href: '/remotes/mf-content/static/css/page.css', css: null }],
    hints: {
      ...noHints(),
      stylesheets: ['/remotes/mf-content/static/css/page.css'],
      scripts: ['/remotes/mf-content/static/js/page.js'],
      fetches: ['/remotes/mf-content/mf-manifest.json'],
      fonts: ['/static/font/inter.woff2'],
    },
    registry,
    settings: null,
    origin: 'https://party.example',
    url: '/news/budget?utm_source=feed',
    ...change,
  });
const document = (change: Partial<PageDocument> = {}) => page(change).html;

describe('pageDocument', () => {
  it('gives the page its own title, description, canonical URL, and Open Graph and Twitter tags', () => {
    const html = document();
    expect(html).toContain('<title>We have tabled the Budget Transparency Act | The Refoundation Party</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Every line of public spending, published monthly.">');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://party.example/news/budget">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:published_time" content="2026-11-14">');
    expect(html).toContain('<meta property="og:image" content="https://party.example/og/site.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('writes the shell’s inline scripts into its head, before the page’s own tags, as its build listed them', () => {
    const html = document();
    expect(html).toContain('<meta name="theme-color" content="#1f3c88" /><script>window.partyGuard=1</script><title>');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('<script type="application/ld+json">'));
  });

  it('takes what a page declares as text, even where it looks like a replacement pattern', () => {
    const html = document({
      meta: { title: "Prices in $& and $' today", description: 'x' },
      body: "<p>Costs $' less</p>",
    });
    expect(html).toContain('<title>Prices in $&#38; and $&#39; today | The Refoundation Party</title>');
    expect(html).toContain('<div id="root"><p>Costs $\' less</p></div>');
  });

  it('writes JSON-LD with URLs of the site and nothing that could end its script element', () => {
    const html = document();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({
      '@type': 'NewsArticle',
      url: 'https://party.example/news/budget',
      headline: 'A </script><script>alert(1)</script>',
    });
    expect(json).not.toContain('</script>');
  });

  it('announces every stylesheet, script, manifest and font the page needs: its code for the loader that fetches it once the page is painted', () => {
    const html = document();
    expect(html).toContain('<link rel="stylesheet" href="/remotes/mf-content/static/css/page.css">');
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/static/font/inter.woff2" crossorigin="">',
    );
    const assets = /<script id="party-assets" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(assets)).toEqual({
      scripts: ['/static/js/index.1.js'],
      preload: ['/remotes/mf-content/static/js/page.js'],
      fetch: ['/remotes/mf-content/mf-manifest.json'],
    });
    // Nothing of the page's code is fetched before the page is painted.
    expect(html).not.toMatch(/<script defer|rel="preload" as="(script|fetch)"/);
  });

  it('puts the rendered page in the root and the registry it was rendered with beside it', () => {
    const html = document();
    expect(html).toContain('<div id="root"><h1>We have tabled the Budget Transparency Act</h1></div>');
    const embedded = /<script id="party-registry" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(embedded)).toEqual(registry);
    expect(html).not.toContain('<noscript>');
  });

  it('writes the site settings beside the registry, for the page to read the same as its server render did', () => {
    const donations = {
      accepting: false as const,
      message: 'Not in crypto </script><script>alert(1)</script>',
      otherWays: 'Join us.',
    };
    const html = document({ settings: { donations } });
    const written = /<script id="party-settings" type="application\/json">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(written?.[1] ?? 'null')).toEqual({ donations });
    expect(document()).not.toContain('party-settings');
  });

  it('keeps the note for browsers without JavaScript when the page is left to the browser', () => {
    expect(document({ body: '' })).toContain('<div id="root"></div>');
    expect(document({ body: '' })).toContain('<noscript>This site needs JavaScript to show its pages.</noscript>');
  });

  it('writes small stylesheets into the page, with their URLs resolved, named for the CSS loader, and their hashes for the CSP', () => {
    const css = '.hero{background:url(../image/hero.svg)}.font{src:url(/static/font/inter.woff2)}';
    const { html, styleHashes } = page({
      styles: [
        { href: '/remotes/mf-content/static/css/page.css', css },
        { href: '/big.css', css: null },
      ],
    });
    expect(html).toContain(
      '<style data-href="static/css/page.css">.hero{background:url(/remotes/mf-content/static/image/hero.svg)}.font{src:url(/static/font/inter.woff2)}</style>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/big.css">');
    expect(styleHashes).toEqual([
      cspHash(
        '.hero{background:url(/remotes/mf-content/static/image/hero.svg)}.font{src:url(/static/font/inter.woff2)}',
      ),
    ]);
  });

  it('escapes what a page declares', () => {
    const html = document({ meta: { title: 'Tom & "Jerry" <b>', description: 'x' } });
    expect(html).toContain('<title>Tom &#38; &#34;Jerry&#34; &#60;b&#62; | The Refoundation Party</title>');
  });
});
