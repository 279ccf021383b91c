import { versionChanges } from './version-changes.js';

const paragraph = (key: string, number: number, text: string) => ({ key, number, text });

describe('versionChanges', () => {
  it('matches paragraphs by key: revised word by word, added, removed, unchanged left out', () => {
    const previous = [
      paragraph('paaaaaa1', 1, 'Councils publish every payment above £250.'),
      paragraph('paaaaaa2', 2, 'As open data.'),
      paragraph('paaaaaa3', 3, 'Within a month.'),
    ];
    const latest = [
      paragraph('paaaaaa3', 1, 'Within a month.'),
      paragraph('paaaaaa1', 2, 'Councils publish every payment.'),
      paragraph('paaaaaa4', 3, 'Checked by the auditor each year.'),
    ];
    expect(versionChanges(previous, latest)).toEqual([
      {
        kind: 'revised',
        number: 2,
        was: 1,
        runs: [
          { text: 'Councils publish every payment', change: 'kept' },
          { text: ' above £250', change: 'removed' },
          { text: '.', change: 'kept' },
        ],
      },
      { kind: 'added', number: 3, text: 'Checked by the auditor each year.' },
      { kind: 'removed', was: 2, text: 'As open data.' },
    ]);
  });

  it('finds nothing between a version and itself', () => {
    const same = [paragraph('paaaaaa1', 1, 'One.')];
    expect(versionChanges(same, same)).toEqual([]);
  });
});
