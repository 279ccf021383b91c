import { remoteModuleId, remoteNames, remotePages, siteRoutes } from './remote-contract';

describe('the remote contract', () => {
  it('routes every path of the product specification', () => {
    const paths = siteRoutes.map((route) => route.path);
    for (const path of ['/', '/about', '/policy', '/leadership', '/news', '/events', '/contact', '/join', '/donate']) {
      expect(paths).toContain(path);
    }
    for (const path of ['/manifesto', '/get-involved', '/volunteer', '/privacy', '/terms', '/careers']) {
      expect(paths).toContain(path);
    }
    expect(paths).toEqual(expect.arrayContaining(['/news/:articleId', '/events/:eventId', '/membership-confirmation']));
  });

  it('has one route per path', () => {
    const paths = siteRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('routes to every page each remote exposes, and to no other', () => {
    for (const remote of remoteNames) {
      const routed = siteRoutes.filter((route) => route.remote === remote).map((route) => route.page);
      expect([...routed].sort()).toEqual([...remotePages[remote]].sort());
    }
  });

  it('names a page by remote and page', () => {
    expect(remoteModuleId({ remote: 'mf-donate', page: 'Donate' })).toBe('mf-donate/Donate');
  });
});
