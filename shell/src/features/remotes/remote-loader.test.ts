import { registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader } from './remote-loader';
import { createRemoteRegistry, REGISTRY_ELEMENT_ID } from './remote-registry';
import { testRegistry, testRoute } from '../../testing/site-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const registry = (donateVersion: string) =>
  testRegistry({
    'mf-content': { entry: '/releases/mf-content/2.0.0/mf-manifest.json', version: '2.0.0' },
    'mf-engagement': { version: 'configured' },
    'mf-donate': { entry: `/releases/mf-donate/${donateVersion}/mf-manifest.json`, version: donateVersion },
  });

const serving = (body: unknown, status = 200) =>
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));
const home = testRoute('/');

describe('a remote loader', () => {
  beforeEach(() => {
    // The registry the page's HTML was rendered with.
    const element = document.createElement('script');
    element.id = REGISTRY_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify(registry('1.1.0'));
    document.body.append(element);
  });
  afterEach(() => {
    document.getElementById(REGISTRY_ELEMENT_ID)?.remove();
    jest.restoreAllMocks();
  });
  const browserLoader = () => {
    const remoteRegistry = createRemoteRegistry();
    return createRemoteLoader({ source: () => Promise.reject(new Error('not loaded here')), registry: remoteRegistry });
  };

  it('tells a remote whose active release changed since the page loaded, asking the gateway every time', async () => {
    const fetchMock = serving(registry('1.0.0'));
    const loader = browserLoader();
    await expect(loader.releaseChanged('mf-donate')).resolves.toBe(true);
    await expect(loader.releaseChanged('mf-content')).resolves.toBe(false);
    expect(jest.mocked(registerRemotes)).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('fails, rather than guessing, when the registry cannot be read', async () => {
    serving({}, 503);
    await expect(browserLoader().releaseChanged('mf-donate')).rejects.toThrow('The remote registry answered 503');
  });

  it('on the server, never asks about releases', async () => {
    const fetchMock = serving(registry('1.0.0'));
    await expect(createRemoteLoader({ source: () => Promise.resolve({}) }).releaseChanged('mf-donate')).resolves.toBe(
      false,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a module once, renders a loaded page without suspending, and asks again after a failure', async () => {
    const source = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => null });
    const loader = createRemoteLoader({ source });
    await expect(loader.loadPage(home)).rejects.toThrow('offline');
    const lazyBefore = loader.lazyPage(home);
    await loader.loadPage(home);
    await loader.loadPage(home);
    expect(source).toHaveBeenCalledTimes(2);
    expect(loader.lazyPage(home)).not.toBe(lazyBefore);
  });
});
