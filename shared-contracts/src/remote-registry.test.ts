import { remoteRegistrySchema } from './remote-registry';

describe('remoteRegistrySchema', () => {
  const entry = {
    entry: '/remotes/mf-content/mf-manifest.json',
    version: '1.0.0+abc123',
    routes: [{ path: '/about', page: 'About' }],
  };

  const everyRemote = { 'mf-content': entry, 'mf-engagement': entry, 'mf-donate': entry };

  it('accepts a registry that names every remote', () => {
    expect(remoteRegistrySchema.parse({ remotes: everyRemote }).remotes['mf-content']).toEqual(entry);
  });

  it('rejects a registry that leaves a remote out', () => {
    expect(remoteRegistrySchema.safeParse({ remotes: { 'mf-content': entry } }).success).toBe(false);
  });

  it('rejects a remote the contract does not know', () => {
    expect(remoteRegistrySchema.safeParse({ remotes: { ...everyRemote, 'mf-unknown': entry } }).success).toBe(false);
  });

  it('rejects an empty entry URL or version', () => {
    const noEntry = { ...everyRemote, 'mf-donate': { ...entry, entry: '' } };
    const noVersion = { ...everyRemote, 'mf-donate': { ...entry, version: '' } };
    expect(remoteRegistrySchema.safeParse({ remotes: noEntry }).success).toBe(false);
    expect(remoteRegistrySchema.safeParse({ remotes: noVersion }).success).toBe(false);
  });

  it('rejects a document without remotes', () => {
    expect(remoteRegistrySchema.safeParse({}).success).toBe(false);
  });
});
