import { cspHash, policyHeader, sitePolicy } from './security-headers.js';

describe('the Content-Security-Policy', () => {
  const policy = sitePolicy(['https://cdn.example.org']);

  it('names the remote origins and allows nothing inline', () => {
    const header = policyHeader(policy);
    expect(header.split(';')[0]).toBe("default-src 'self'");
    expect(header).toContain("script-src 'self' https://cdn.example.org;");
    expect(header).toContain("style-src 'self' https://cdn.example.org;");
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('adds a page’s own sources to their directives, each once, and leaves the site’s policy as it was', () => {
    const style = cspHash('.hero{color:red}');
    const script = cspHash('document.documentElement.classList.add("js")');
    const header = policyHeader(policy, { 'style-src': [style, style, "'self'"], 'script-src': [script] });
    expect(header).toContain(`style-src 'self' https://cdn.example.org ${style};`);
    expect(header).toContain(`script-src 'self' https://cdn.example.org ${script};`);
    expect(header.match(/'self'/g)).toHaveLength(policyHeader(policy).match(/'self'/g)?.length ?? -1);
    expect(policyHeader(policy)).not.toContain(style);
  });
});
