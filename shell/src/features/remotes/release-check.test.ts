import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteReleaseChanged } from './release-check';
import { REGISTRY_ELEMENT_ID } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

const registry = (donateVersion: string) => ({
  remotes: {
    'mf-content': { entry: '/releases/mf-content/2.0.0/mf-manifest.json', version: '2.0.0' },
    'mf-engagement': { entry: '/remotes/mf-engagement/mf-manifest.json', version: 'configured' },
    'mf-donate': { entry: `/releases/mf-donate/${donateVersion}/mf-manifest.json`, version: donateVersion },
  },
});

beforeAll(() => {
  // The registry the page's HTML was rendered with.
  const element = document.createElement('script');
  element.id = REGISTRY_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify(registry('1.1.0'));
  document.body.append(element);
});

const serving = (body: unknown, status = 200) => jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));

it('tells a remote whose active release changed since the page loaded', async () => {
  serving(registry('1.0.0'));
  await expect(remoteReleaseChanged('mf-donate')).resolves.toBe(true);
  await expect(remoteReleaseChanged('mf-content')).resolves.toBe(false);
  expect(jest.mocked(registerRemotes)).toHaveBeenCalledTimes(1);
});

it('asks the gateway every time, not a copy', async () => {
  const fetchMock = serving(registry('1.1.0'));
  await expect(remoteReleaseChanged('mf-donate')).resolves.toBe(false);
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
});

it('fails, rather than guessing, when the registry cannot be read', async () => {
  serving({}, 503);
  await expect(remoteReleaseChanged('mf-donate')).rejects.toThrow('The remote registry answered 503');
});
