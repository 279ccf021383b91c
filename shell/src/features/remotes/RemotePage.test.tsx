import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@party/shared-contracts';
import { testRegistry, testRoute as route } from '../../testing/site-registry';
import { reloadPage } from './page-reload';
import { createRemoteLoader, federationSource } from './remote-loader';
import { RemoteLoaderContext } from './RemoteLoaderContext';
import { createRemoteRegistry } from './remote-registry';
import { RemotePage } from './RemotePage';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('./page-reload', () => ({ reloadPage: jest.fn() }));

const registry = testRegistry({ 'mf-content': { entry: 'http://cdn.test/mf-content/mf-manifest.json' } });

const page = (text: string) => ({ default: () => <h1>{text}</h1> });
const loadRemoteMock = jest.mocked(loadRemote);
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

// Every test is a fresh page load: its own registry and loader, nothing kept from another test.
describe('RemotePage', () => {
  let fetchMock: jest.SpiedFunction<typeof fetch>;
  let reported: Array<{ remote: RemoteName; error: unknown }>;

  function renderPage(path: string) {
    const remoteRegistry = createRemoteRegistry();
    const loader = createRemoteLoader({
      source: federationSource(remoteRegistry),
      registry: remoteRegistry,
      reporter: { report: (remote, error) => reported.push({ remote, error }) },
    });
    return render(
      <RemoteLoaderContext value={loader}>
        <MemoryRouter>
          <RemotePage route={route(path)} />
        </MemoryRouter>
      </RemoteLoaderContext>,
    );
  }

  beforeEach(() => {
    reported = [];
    loadRemoteMock.mockReset();
    jest.mocked(registerRemotes).mockReset();
    fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, registry));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // React reports errors that a boundary caught; they are the point of these tests.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows Retry when the registry cannot be read, reports it, and Retry loads the page again', async () => {
    fetchMock.mockResolvedValueOnce(answer(503, {}));
    renderPage('/');

    expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
    expect(reported).toEqual([
      { remote: 'mf-content', error: expect.objectContaining({ name: 'RemoteRegistryError' }) },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(jest.mocked(reloadPage)).toHaveBeenCalledTimes(1);
  });

  it('registers the remotes the registry names and loads the page from them', async () => {
    loadRemoteMock.mockResolvedValue(page('News from mf-content'));
    renderPage('/news');

    expect(await screen.findByRole('heading', { name: 'News from mf-content' })).toBeInTheDocument();
    expect(jest.mocked(registerRemotes)).toHaveBeenCalledWith([
      { name: 'mf-content', entry: 'http://cdn.test/mf-content/mf-manifest.json' },
      { name: 'mf-engagement', entry: '/remotes/mf-engagement/mf-manifest.json' },
      { name: 'mf-donate', entry: '/remotes/mf-donate/mf-manifest.json' },
    ]);
    expect(loadRemoteMock).toHaveBeenCalledWith('mf-content/News');
    expect(reported).toEqual([]);
  });

  it('shows a loading state of stable size while the remote loads', async () => {
    let resolve: (module: ReturnType<typeof page>) => void = () => undefined;
    loadRemoteMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderPage('/privacy');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading page…');
    resolve(page('Privacy'));
    expect(await screen.findByRole('heading', { name: 'Privacy' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses a module that breaks the contract (no page component)', async () => {
    loadRemoteMock.mockResolvedValueOnce({ notAPage: true });
    renderPage('/donate');
    expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeInTheDocument();
    expect(reported).toEqual([
      { remote: 'mf-donate', error: expect.objectContaining({ name: 'RemoteContractError' }) },
    ]);
  });

  it('contains a page that throws while rendering', async () => {
    loadRemoteMock.mockResolvedValueOnce({
      default: () => {
        throw new Error('render failed');
      },
    });
    renderPage('/join');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
