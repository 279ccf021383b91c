import { stylesheetPlugin } from './stylesheet-plugin';

describe('the stylesheet plugin', () => {
  afterEach(() => document.head.replaceChildren());

  it('fetches ahead no stylesheet the server already wrote into the page, and keeps the rest', async () => {
    document.head.innerHTML = '<style data-href="static/css/async/__federation_expose_News.1a2b.css">.news{}</style>';
    const preloadOps = [
      { nameOrAlias: 'mf-content', exposes: ['./News'] },
      { nameOrAlias: 'mf-donate', filter: (url: string) => !url.includes('wallet') },
    ];
    await stylesheetPlugin().beforePreloadRemote!({ preloadOps, options: {}, origin: {} } as never);

    const [content, donate] = preloadOps as Array<{ filter: (url: string) => boolean }>;
    expect(
      content!.filter(
        'https://cdn.example/mf-content/static/js/../../static/css/async/__federation_expose_News.1a2b.css',
      ),
    ).toBe(false);
    expect(content!.filter('https://cdn.example/mf-content/static/css/async/__federation_expose_Events.3c4d.css')).toBe(
      true,
    );
    expect(content!.filter('https://cdn.example/mf-content/static/js/async/__federation_expose_News.1a2b.js')).toBe(
      true,
    );
    // A filter someone set before still applies.
    expect(donate!.filter('/remotes/mf-donate/static/js/async/wallet.js')).toBe(false);
    expect(donate!.filter('/remotes/mf-donate/static/js/async/page.js')).toBe(true);
  });

  it('turns the stylesheet the runtime would add into a preload, and leaves its other links alone', () => {
    const plugin = stylesheetPlugin();
    const link = plugin.createLink!({
      url: 'https://cdn.example/mf-content/static/css/async/page.css',
      attrs: { rel: 'stylesheet', type: 'text/css' },
    }) as HTMLLinkElement;
    expect(link).toBeInstanceOf(HTMLLinkElement);
    expect({ rel: link.getAttribute('rel'), as: link.getAttribute('as'), href: link.getAttribute('href') }).toEqual({
      rel: 'preload',
      as: 'style',
      href: 'https://cdn.example/mf-content/static/css/async/page.css',
    });
    expect(
      plugin.createLink!({
        url: 'https://cdn.example/mf-content/static/js/async/page.js',
        attrs: { rel: 'preload', as: 'script' },
      }),
    ).toBeUndefined();
  });
});
