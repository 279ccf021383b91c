import { builtInRemotes, ownerOfPath, prefixProblems, remoteDefinitionSchema } from './remote-definitions';

const participation = {
  name: 'mf-participation',
  prefixes: ['/consultations'],
  linkedPaths: ['/consultations'],
  linkPlaces: ['header'] as Array<'header' | 'footer'>,
};

describe('the remotes of the site', () => {
  it('gives each path to the remote with the longest prefix that holds it, and the rest to mf-content', () => {
    const owner = (path: string) => ownerOfPath(path, builtInRemotes);
    expect(owner('/donate')).toBe('mf-donate');
    expect(owner('/donate/receipt')).toBe('mf-donate');
    expect(owner('/donate-info')).toBe('mf-content');
    expect(owner('/membership/confirm')).toBe('mf-engagement');
    expect(owner('/membership-confirmation')).toBe('mf-engagement');
    expect(owner('/members/sign-in')).toBe('mf-engagement');
    expect(owner('/transparency')).toBe('mf-content');
    expect(owner('/')).toBe('mf-content');
    expect(ownerOfPath('/consultations/open-data', [...builtInRemotes, participation])).toBe('mf-participation');
    expect(ownerOfPath('/about', [])).toBeUndefined();
  });

  it('lets a new remote join under prefixes of its own, and says why another cannot', () => {
    expect(prefixProblems(builtInRemotes, participation)).toEqual([]);
    expect(
      prefixProblems(builtInRemotes, { ...participation, prefixes: ['/donate/causes', '/members', '/api/x'] }),
    ).toEqual([
      '/donate/causes overlaps /donate, a prefix of mf-donate',
      '/members overlaps /members, a prefix of mf-engagement',
      "/api/x is the gateway's own (/api)",
      '/consultations is linked to but lies under none of its prefixes',
    ]);
    // One remote alone takes whatever the others do not claim.
    expect(prefixProblems(builtInRemotes, { ...participation, prefixes: ['/'] })).toEqual([
      '/ overlaps /, a prefix of mf-content',
    ]);
    // A prefix that would hold another's, or the gateway's files, is refused too.
    expect(
      prefixProblems(builtInRemotes, { ...participation, prefixes: ['/static', '/membership-x'], linkedPaths: [] }),
    ).toEqual(["/static is the gateway's own (/static)"]);
    // Its own entry again (a change of its prefixes) is no overlap with itself.
    expect(
      prefixProblems([...builtInRemotes, participation], {
        ...participation,
        prefixes: ['/consultations', '/have-your-say'],
      }),
    ).toEqual([]);
    for (const remote of builtInRemotes)
      expect(
        prefixProblems(builtInRemotes, {
          ...remote,
          prefixes: [...remote.prefixes],
          linkedPaths: [...remote.linkedPaths],
          linkPlaces: [...remote.linkPlaces],
        }),
      ).toEqual([]);
  });

  it('reads a definition only with a remote-like name and plain paths', () => {
    expect(remoteDefinitionSchema.safeParse(participation).success).toBe(true);
    for (const change of [
      { name: 'participation' },
      { name: 'mf-Participation' },
      { name: 'mf-../x' },
      { prefixes: [] },
      { prefixes: ['consultations'] },
      { prefixes: ['/consultations/'] },
      { prefixes: ['/a?b'] },
      { linkPlaces: ['sidebar'] },
    ])
      expect(remoteDefinitionSchema.safeParse({ ...participation, ...change }).success).toBe(false);
  });
});
