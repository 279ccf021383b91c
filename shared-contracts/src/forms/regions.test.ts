import { OTHER_REGION, regionGroups, regionValues } from './regions';

describe('region options', () => {
  it('group UK counties, US states by two-letter code, and a way out', () => {
    expect(regionGroups.map((group) => group.label)).toEqual(['United Kingdom', 'United States', 'Elsewhere']);
    const [uk, us, elsewhere] = regionGroups;
    expect(uk?.options.length).toBeGreaterThanOrEqual(44);
    expect(us?.options).toHaveLength(51);
    expect(
      us?.options.every((option) => /^[A-Z]{2}$/.test(option.value) && option.label.endsWith(`(${option.value})`)),
    ).toBe(true);
    expect(elsewhere?.options).toEqual([{ value: OTHER_REGION, label: 'Other (specify in address)' }]);
  });

  it('never offer the same value twice', () => {
    const all = regionGroups.flatMap((group) => group.options);
    expect(regionValues.size).toBe(all.length);
  });
});
