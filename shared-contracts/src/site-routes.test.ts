import { builtInRemotes } from './remote-definitions';
import { matchRoute, routeProblems, siteRoutesOf } from './site-routes';
import { remoteRouteSchema, type RemoteRoute } from './remote-registry';

describe('the routes remotes declare', () => {
  it('says what is wrong with a release’s routes: outside its prefixes, twice, or a page others link to missing', () => {
    const routes: RemoteRoute[] = [
      { path: '/donate', page: 'Donate' },
      { path: '/donate/', page: 'Donate' },
      { path: '/about', page: 'About' },
      { path: '/donate/receipt', page: 'Receipt' },
      { path: '/donate/confirm-email', page: 'ConfirmDonorEmail' },
    ];
    expect(routeProblems('mf-donate', routes, builtInRemotes)).toEqual([
      '/donate/ is declared twice',
      '/about belongs to mf-content, not mf-donate',
    ]);
    expect(routeProblems('mf-donate', routes.slice(0, 1), builtInRemotes)).toEqual([
      '/donate/confirm-email is missing: other parts of the site link to it',
    ]);
    expect(
      routeProblems(
        'mf-content',
        [
          { path: '/', page: 'Home' },
          { path: '/privacy', page: 'Home' },
          { path: '/terms', page: 'Home' },
          { path: '/:slug', page: 'Home' },
        ],
        builtInRemotes,
      ),
    ).toEqual(['/:slug starts with a parameter']);
    expect(
      routeProblems(
        'mf-content',
        [
          { path: '/', page: 'Home' },
          { path: '/terms', page: 'Terms' },
        ],
        builtInRemotes,
      ),
    ).toEqual(['/privacy is missing: other parts of the site link to it']);
    // mf-engagement's pages are linked from the footer only; an unknown remote has no pages.
    expect(
      routeProblems(
        'mf-engagement',
        [{ path: '/join', page: 'Join', nav: { label: 'Join', order: 1 } }],
        builtInRemotes,
      ),
    ).toContain('/join is linked from the header, which mf-engagement may not be');
    expect(routeProblems('mf-unknown', [], builtInRemotes)).toEqual(['mf-unknown is not a remote of this site']);
  });

  it('reads only plain paths, page names and bounded labels', () => {
    const valid = {
      path: '/news/:articleId',
      page: 'NewsArticle',
      nav: { label: 'News', order: 10 },
      footer: { group: 'news', label: 'News', order: 1 },
    };
    expect(remoteRouteSchema.safeParse(valid).success).toBe(true);
    for (const change of [
      { path: 'news' },
      { path: '/news?x=1' },
      { path: '/../etc' },
      { page: '../Home' },
      { page: 'home' },
      { nav: { label: '', order: 1 } },
      { footer: { group: 'elsewhere', label: 'x', order: 1 } },
    ]) {
      expect(remoteRouteSchema.safeParse({ ...valid, ...change }).success).toBe(false);
    }
  });

  it('matches a path to its route in any case, with or without a trailing slash', () => {
    const routes = siteRoutesOf({
      remotes: {
        'mf-content': {
          routes: [
            { path: '/', page: 'Home' },
            { path: '/news/:articleId', page: 'NewsArticle' },
          ],
        },
        'mf-donate': { routes: [{ path: '/donate', page: 'Donate' }] },
      },
    });
    expect(matchRoute(routes, '/News/budget/')).toEqual({
      path: '/news/:articleId',
      page: 'NewsArticle',
      remote: 'mf-content',
    });
    expect(matchRoute(routes, '/donate')?.remote).toBe('mf-donate');
    expect(matchRoute(routes, '/')?.page).toBe('Home');
    expect(matchRoute(routes, '/news')).toBeUndefined();
    expect(matchRoute(routes, '/news/a/b')).toBeUndefined();
    // A fixed path wins over a parameter, whatever the order.
    const ranked = [
      { path: '/news/:articleId', page: 'NewsArticle' },
      { path: '/news/archive', page: 'NewsArchive' },
    ];
    expect(matchRoute(ranked, '/news/archive')?.page).toBe('NewsArchive');
  });
});
