import path from 'node:path';
import { localRelease } from './local-releases.js';

const config = {
  releases: { storeDir: '/srv/releases', baseUrl: 'https://cdn.party.example/releases' },
  site: {
    shellDir: '/site/shell/dist',
    remoteDir: (remote: string) => `/site/${remote}/dist`,
    publicOrigin: null,
    renderBudgetMs: 80,
  },
};

describe('localRelease', () => {
  it('finds a published release in the store, served from the release base URL', () => {
    expect(
      localRelease(
        'mf-content',
        'https://cdn.party.example/releases/mf-content/1.2.0+abc1234/mf-manifest.json',
        config,
      ),
    ).toEqual({
      dir: path.join('/srv/releases', 'mf-content', '1.2.0+abc1234'),
      baseUrl: 'https://cdn.party.example/releases/mf-content/1.2.0+abc1234/',
    });
  });

  it('finds the configured build the gateway serves', () => {
    expect(localRelease('mf-donate', '/remotes/mf-donate/mf-manifest.json', config)).toEqual({
      dir: '/site/mf-donate/dist',
      baseUrl: '/remotes/mf-donate/',
    });
  });

  it('has none for a release served from elsewhere, or a version that climbs out of the store', () => {
    expect(localRelease('mf-content', 'http://127.0.0.1:4000/mf-manifest.json', config)).toBeNull();
    expect(
      localRelease('mf-content', 'https://cdn.party.example/releases/mf-content/../../etc/mf-manifest.json', config),
    ).toBeNull();
    expect(localRelease('mf-content', '/remotes/mf-donate/mf-manifest.json', config)).toBeNull();
  });
});
