import { donorGroups, donorKey, foldText, identityKeys } from './donor-identity.js';

describe('who a donor is', () => {
  it('folds case, accents, spacing, punctuation and look-alike letters away', () => {
    const grace = foldText('Grace Hopper');
    for (const spelling of [
      'grace  HOPPER',
      'Grâce Höpper',
      ' Grace-Hopper. ',
      'Grасе Нoppеr',
      'Ｇｒａｃｅ Ｈｏｐｐｅｒ',
      '𝐆𝐫𝐚𝐜𝐞 𝐇𝐨𝐩𝐩𝐞𝐫',
    ])
      expect(foldText(spelling)).toBe(grace);
    expect(foldText('Grace Hooper')).not.toBe(grace);
    expect(donorKey({ fullName: 'Grасе Нoppеr', postalCode: '10 001' })).toBe(
      donorKey({ fullName: 'Grace Hopper', postalCode: '10001' }),
    );
    expect(donorKey({ fullName: 'Grace Hopper', postalCode: '10002' })).not.toBe(
      donorKey({ fullName: 'Grace Hopper', postalCode: '10001' }),
    );
    expect(donorKey(undefined)).toBeNull();
  });

  it('gives each gift its keys: the address always, the person and the email when declared', () => {
    expect(
      identityKeys({ sender: '0xABC', declaration: { fullName: 'Ada', postalCode: '1' }, email: ' Ada@Example.org ' }),
    ).toEqual(['address:0xabc', 'person:ada|1', 'email:ada@example.org']);
    expect(identityKeys({ sender: '0xabc' })).toEqual(['address:0xabc']);
  });

  it('puts gifts in one group when any key joins them, through any chain of gifts', () => {
    const groups = donorGroups([
      { keys: ['address:w1', 'person:ada'] },
      { keys: ['address:w2', 'person:bob'] },
      { keys: ['address:w1', 'person:bob'] },
      { keys: ['address:w3', 'email:carol@example.org'] },
      { keys: ['address:w4', 'email:carol@example.org'] },
      { keys: ['address:w5'] },
    ]);
    expect(groups[0]).toBe(groups[1]);
    expect(groups[1]).toBe(groups[2]);
    expect(groups[3]).toBe(groups[4]);
    expect(new Set(groups).size).toBe(3);
  });
});
