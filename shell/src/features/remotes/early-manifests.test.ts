import { earlyManifestPlugin } from './early-manifests';

afterEach(() => delete window.partyManifests);

const fetchHook = (plugin: ReturnType<typeof earlyManifestPlugin>, url: string) =>
  (plugin.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined)(url, {});

it('hands the runtime the manifest fetch the page started, once, whether the URL is relative or absolute', async () => {
  const response = new Response('{"name":"mf-content"}');
  window.partyManifests = { '/remotes/mf-content/mf-manifest.json': Promise.resolve(response) };
  const plugin = earlyManifestPlugin();
  await expect(fetchHook(plugin, `${window.location.origin}/remotes/mf-content/mf-manifest.json`)).resolves.toBe(
    response,
  );
  // Taken: a later load (another release, a retry) fetches the manifest itself.
  expect(fetchHook(plugin, '/remotes/mf-content/mf-manifest.json')).toBeUndefined();
});

it('leaves every other manifest, and pages without the loader, to the runtime', () => {
  const plugin = earlyManifestPlugin();
  expect(fetchHook(plugin, '/remotes/mf-donate/mf-manifest.json')).toBeUndefined();
  window.partyManifests = { '/remotes/mf-content/mf-manifest.json': Promise.resolve(new Response('{}')) };
  expect(fetchHook(plugin, '/remotes/mf-donate/mf-manifest.json')).toBeUndefined();
});
