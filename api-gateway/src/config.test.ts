import { readConfig } from './config.js';

describe('readConfig', () => {
  it('defaults to the embedded database and the all-in-one site', () => {
    const config = readConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    expect(config.site?.shellDir).toMatch(/shell[/\\]dist$/);
    expect(config.remoteEntries['mf-donate']).toBe('/remotes/mf-donate/mf-manifest.json');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('takes a remote entry from the environment', () => {
    const config = readConfig({ REMOTE_ENTRY_MF_CONTENT: 'http://localhost:3001/mf-manifest.json' });
    expect(config.remoteEntries['mf-content']).toBe('http://localhost:3001/mf-manifest.json');
  });

  it('can run as an API only', () => {
    expect(readConfig({ SERVE_SITE: 'false' }).site).toBeNull();
  });

  it('refuses an invalid environment, naming each problem', () => {
    expect(() => readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });
});
