import { waitFor } from '@testing-library/react';
import { createRemoteFailureReporter, remoteFailureCode, remoteFailurePlugin } from './remote-failures';
import { testRegistry } from '../../testing/site-registry';

describe('remoteFailureCode', () => {
  it('keeps the federation runtime’s code, and names the other failures', () => {
    expect(remoteFailureCode(new Error('[ Federation Runtime ]: #RUNTIME-008 remoteEntry failed'))).toBe('RUNTIME-008');
    expect(remoteFailureCode(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))).toBe(
      'CHUNK_LOAD',
    );
    expect(
      remoteFailureCode(
        Object.assign(new Error('mf-donate/Donate does not export a page component'), { name: 'RemoteContractError' }),
      ),
    ).toBe('CONTRACT');
    expect(remoteFailureCode(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      'RENDER_ERROR',
    );
    expect(remoteFailureCode('a string')).toBe('RENDER_ERROR');
  });
});

describe('the remote failure plugin and reporter', () => {
  const registry = testRegistry({
    'mf-engagement': {
      entry: '/releases/mf-engagement/2.1.0/mf-manifest.json',
      version: '2.1.0',
      reportToken: 'token-of-2.1.0',
    },
  });
  afterEach(() => jest.restoreAllMocks());

  const reportsSent = (fetchMock: jest.SpiedFunction<typeof fetch>) =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

  it('reports a widget that fails to load, once, with its release, its report token and the page’s route pattern', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const reporter = createRemoteFailureReporter(
      { load: async () => registry, served: async () => registry },
      () => '/news',
    );
    const plugin = remoteFailurePlugin(reporter);
    const error = new Error('[ Federation Runtime ]: #RUNTIME-003 Failed to get manifest');
    const hookArgs = {
      id: 'mf-engagement/NewsletterSignup',
      error,
      from: 'runtime',
      lifecycle: 'afterResolve',
    } as never;

    expect(await plugin.errorLoadRemote!(hookArgs)).toBeUndefined();
    // The page's error boundary seeing it too, or a second try failing alike, does not report it again.
    reporter.report('mf-engagement', error);
    await plugin.errorLoadRemote!({
      ...(hookArgs as object),
      error: new Error('[ Federation Runtime ]: #RUNTIME-003 again'),
    } as never);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(reportsSent(fetchMock)).toEqual([
      { remote: 'mf-engagement', version: '2.1.0', code: 'RUNTIME-003', route: '/news', token: 'token-of-2.1.0' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/remote-failures',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });

  it('reports nothing for a load the browser cut short as the visitor left the page, and reports again if the page stays', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
      const reporter = createRemoteFailureReporter(
        { load: async () => registry, served: async () => registry },
        () => '/news',
      );
      window.dispatchEvent(new Event('beforeunload'));
      reporter.report('mf-engagement', new Error('Loading chunk 7 failed'));
      jest.advanceTimersByTime(3_000);
      reporter.report('mf-engagement', new Error('[ Federation Runtime ]: #RUNTIME-008'));
      await jest.runAllTimersAsync();
      expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).code)).toEqual(['RUNTIME-008']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports nothing outside the site’s routes, nor for a module of no known remote', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const onNoRoute = createRemoteFailureReporter(
      { load: async () => registry, served: async () => registry },
      () => undefined,
    );
    onNoRoute.report('mf-content', new Error('failed'));
    const plugin = remoteFailurePlugin(
      createRemoteFailureReporter({ load: async () => registry, served: async () => registry }, () => '/'),
    );
    await plugin.errorLoadRemote!({ id: 'someone-else/Thing', error: new Error('failed') } as never);
    // Both are turned away before anything is sent, so there is nothing to wait for.
    expect(reportsSent(fetchMock)).toEqual([]);
  });
});
