import { remoteFailureReportSchema } from './remote-failure';

describe('remoteFailureReportSchema', () => {
  const report = { remote: 'mf-engagement', version: '1.4.0+a1b2c3d', code: 'RUNTIME-008', route: '/news/:articleId' };

  it('accepts a report of a known remote on a route pattern', () => {
    expect(remoteFailureReportSchema.parse(report)).toEqual(report);
  });

  it('refuses anything that could carry a visitor’s data or blow up the metrics', () => {
    for (const change of [
      { remote: 'evil' },
      { remote: `mf-${'x'.repeat(40)}` },
      { route: '/news?q=what I read today' },
      { version: 'x'.repeat(65) },
      { code: 'a b c' },
      { code: '<script>' },
      { code: 'SOMETHING_NEW' },
      { code: 'RUNTIME-12345' },
    ]) {
      expect(remoteFailureReportSchema.safeParse({ ...report, ...change }).success).toBe(false);
    }
  });
});
