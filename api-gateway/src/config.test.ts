import { configurationWarnings, readConfig } from './config.js';

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
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://127.0.0.1:5432/test',
      poolSize: 10,
      connectTimeoutMs: 2000,
      queryTimeoutMs: 5000,
    });
  });

  it('takes a remote entry from the environment', () => {
    const config = readConfig({ REMOTE_ENTRY_MF_CONTENT: 'http://localhost:3001/mf-manifest.json' });
    expect(config.remoteEntries['mf-content']).toBe('http://localhost:3001/mf-manifest.json');
  });

  it('limits form submissions in memory by default, in Redis when REDIS_URL is set', () => {
    expect(readConfig({}).rateLimit).toEqual({
      limit: 10,
      windowMs: 60_000,
      redisUrl: null,
      keyPrefix: 'party-gateway:forms',
    });
    expect(
      readConfig({ REDIS_URL: 'redis://127.0.0.1:6379', FORM_RATE_LIMIT: '3', FORM_RATE_WINDOW_SECONDS: '5' })
        .rateLimit,
    ).toEqual({
      limit: 3,
      windowMs: 5000,
      redisUrl: 'redis://127.0.0.1:6379',
      keyPrefix: 'party-gateway:forms',
    });
  });

  it('reads the extra origins allowed to post the forms', () => {
    expect(readConfig({}).allowedOrigins).toEqual([]);
    expect(readConfig({ ALLOWED_ORIGINS: 'http://localhost:3000/, http://localhost:3002' }).allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:3002',
    ]);
    expect(() => readConfig({ ALLOWED_ORIGINS: 'localhost:3000' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('trusts only the proxies it is told of, by address or by hops, and never `true`', () => {
    expect(readConfig({}).trustProxy).toBeNull();
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeNull();
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual({
      addresses: ['loopback', '10.0.0.0/8'],
    });
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/number of hops[\s\S]*TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
  });

  it('serves metrics only when an internal port is given', () => {
    expect(readConfig({}).metrics).toBeNull();
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
  });

  it('can run as an API only', () => {
    expect(readConfig({ SERVE_SITE: 'false' }).site).toBeNull();
  });

  it('refuses an invalid environment, naming each problem', () => {
    expect(() => readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });
});

describe('configurationWarnings', () => {
  it('warns of an https origin without a trusted proxy, and of nothing else', () => {
    expect(configurationWarnings(readConfig({ PUBLIC_ORIGIN: 'https://party.example' }))).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGIN is https but TRUST_PROXY is unset/),
    ]);
    expect(
      configurationWarnings(readConfig({ PUBLIC_ORIGIN: 'https://party.example', TRUST_PROXY: 'loopback' })),
    ).toEqual([]);
    expect(configurationWarnings(readConfig({ PUBLIC_ORIGIN: 'http://localhost:8080' }))).toEqual([]);
  });
});
