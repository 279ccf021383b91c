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

  it('accepts the remotes the registry names, one added since among them, or none yet', () => {
    expect(remoteRegistrySchema.safeParse({ remotes: { ...everyRemote, 'mf-participation': entry } }).success).toBe(
      true,
    );
    expect(remoteRegistrySchema.safeParse({ remotes: {} }).success).toBe(true);
  });

  it('rejects a name that is no remote’s: not mf-…, not lower case, or too long', () => {
    for (const name of ['participation', 'mf-Participation', 'mf-', `mf-${'x'.repeat(40)}`])
      expect(remoteRegistrySchema.safeParse({ remotes: { ...everyRemote, [name]: entry } }).success).toBe(false);
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
