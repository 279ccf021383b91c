import { consultationDraft, consultationResponse, consultationVersion } from './form-rules';

describe('the consultation forms, typed as text', () => {
  it('reads a draft’s paragraphs apart by empty lines', () => {
    const result = consultationDraft.check({
      slug: 'open-budgets',
      title: 'Open budgets',
      summary: 'Every council publishes its budget as open data.',
      policyArea: 'governance',
      closesOn: '2027-01-31',
      paragraphs: 'First paragraph\nstill the first.\n\n  \n\nSecond one.\n',
    });
    expect(result.ok && result.data.paragraphs).toEqual([
      { text: 'First paragraph\nstill the first.' },
      { text: 'Second one.' },
    ]);
    expect(consultationDraft.check({ paragraphs: '\n\n' })).toMatchObject({
      ok: false,
      errors: { paragraphs: 'At least one paragraph' },
    });
  });

  it('sends a version’s kept keys, not the form’s own, and leaves emptied paragraphs out', () => {
    const result = consultationVersion.check({
      keys: ['pabcdef12', 'new-1', 'p12345678'],
      texts: ['Revised.', 'Added here.', '  '],
      note: 'Tightened the first.',
    });
    expect(result.ok && result.data.paragraphs).toEqual([
      { key: 'pabcdef12', text: 'Revised.' },
      { text: 'Added here.' },
    ]);
    expect(consultationVersion.check({ keys: ['pabcdef12'], texts: ['x'], note: '' })).toMatchObject({
      ok: false,
      errors: { texts: 'A paragraph must be at least 2 characters' },
    });
  });

  it('reads a response’s themes and evidence one per line', () => {
    const result = consultationResponse.check({
      themes: 'Publish monthly, not yearly.\n\nKeep names of small suppliers out.',
      decision: 'We will publish monthly, as open data, from next year.',
      evidence: 'Audit office report https://example.org/audit\nPlain link http://example.org/plain',
    });
    expect(result).toMatchObject({ ok: false, errors: { evidence: 'Give an https:// link' } });
    const fixed = consultationResponse.check({
      themes: 'Publish monthly, not yearly.',
      decision: 'We will publish monthly, as open data, from next year.',
      evidence: 'Audit office report https://example.org/audit',
    });
    expect(fixed.ok && fixed.data.evidence).toEqual([
      { label: 'Audit office report', url: 'https://example.org/audit' },
    ]);
  });
});
