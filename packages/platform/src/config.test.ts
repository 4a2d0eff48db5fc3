import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loadRealtimeConfig } from './realtime-config.ts';

describe('configuration', () => {
  it('has working defaults for development', () => {
    expect(loadConfig({})).toMatchObject({
      production: false,
      port: 3000,
      dataDir: './data',
      cookieSecure: false,
      corsOrigins: [],
    });
  });

  it('requires a long SESSION_SECRET in production and makes cookies Secure', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: SESSION_SECRET is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      CORS_ORIGINS: 'http://a.test, http://b.test',
    });
    expect(config).toMatchObject({
      production: true,
      cookieSecure: true,
      corsOrigins: ['http://a.test', 'http://b.test'],
    });
  });

  it('refuses malformed values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('turns a provider on only with both its client id and secret, naming the missing one', () => {
    expect(loadConfig({})).toMatchObject({ github: null, google: null, idToken: null });
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'id' })).toThrow(
      /GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set/,
    );
    expect(() => loadConfig({ ID_TOKEN_AUDIENCE: 'project' })).toThrow(/ID_TOKEN_ISSUER is required/);
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 's',
      GITHUB_API_URL: 'https://ghe.example.test/api/v3',
    });
    expect(config.github).toEqual({
      clientId: 'id',
      clientSecret: 's',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      apiUrl: 'https://ghe.example.test/api/v3',
    });
  });

  it('needs DATABASE_URL for either side of split mode, and REALTIME_URL for the web side', () => {
    expect(() => loadRealtimeConfig({})).toThrow(
      /DATABASE_URL: DATABASE_URL is required to run web and realtime as separate processes/,
    );
    expect(() => loadConfig({ REALTIME_URL: 'http://127.0.0.1:3001' }, 'web')).toThrow(
      /DATABASE_URL: DATABASE_URL is required to run web and realtime as separate processes/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.test/fso' }, 'web')).toThrow(/REALTIME_URL: REALTIME_URL/);
    const web = loadConfig(
      {
        DATABASE_URL: 'postgres://db.test/fso',
        REALTIME_URL: 'http://127.0.0.1:3001',
        REDIS_URL: 'redis://127.0.0.1:6379',
      },
      'web',
    );
    expect(web).toMatchObject({ realtimeUrl: 'http://127.0.0.1:3001', redisUrl: 'redis://127.0.0.1:6379' });
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });

  it('gives the realtime process only its own settings: a half-set OAuth pair stops web, not realtime', () => {
    const split = {
      DATABASE_URL: 'postgres://db.test/fso',
      REALTIME_URL: 'http://127.0.0.1:3001',
      GITHUB_CLIENT_ID: 'id',
      METRICS_PORT: '3000',
    };
    expect(() => loadConfig(split, 'web')).toThrow(/GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set/);
    const realtime = loadRealtimeConfig({
      ...split,
      PORT: '3001',
      CORS_ORIGINS: 'http://a.test',
      RATE_LIMIT_FACTOR: '2',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(realtime).toEqual({
      production: false,
      port: 3001,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db.test/fso',
      sessionSecret: loadConfig({}).sessionSecret,
      corsOrigins: ['http://a.test'],
      logLevel: 'info',
      rateLimitFactor: 2,
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('holds the realtime process to the same secret and value rules', () => {
    expect(() => loadRealtimeConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.test/fso' })).toThrow(
      /SESSION_SECRET is required in production/,
    );
    expect(() => loadRealtimeConfig({ DATABASE_URL: 'postgres://db.test/fso', SESSION_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
    expect(() => loadRealtimeConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadRealtimeConfig({ DATABASE_URL: 'postgres://db.test/fso', RATE_LIMIT_FACTOR: '0' })).toThrow(
      /RATE_LIMIT_FACTOR must be a number above 0/,
    );
  });

  it('trusts exactly the proxies in front (a hop count or their header) and refuses TRUST_PROXY=true, saying why', () => {
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'Fly-Client-IP' }).trustProxy).toEqual({ hops: 1, header: 'fly-client-ip' });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: TRUST_PROXY=true would believe every X-Forwarded-For entry, the client's own first.*\(Fly-Client-IP on Fly.io\)/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY=true would believe/);
    expect(() => loadConfig({ TRUST_PROXY: 'X-Forwarded-For' })).toThrow(/would believe the client's own entry/);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })).toThrow(/TRUST_PROXY must be false, the number/);
  });

  it('reads METRICS_PORT, which must differ from PORT', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '9091' })).toMatchObject({ port: 8080, metricsPort: 9091 });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });

  it('reads natural-language search weights; unnamed ones keep their defaults', () => {
    expect(loadConfig({}).semanticWeights).toEqual({});
    expect(loadConfig({ SEMANTIC_WEIGHTS: 'embedding=0.5, lsa=.2' }).semanticWeights).toEqual({
      embedding: 0.5,
      lsa: 0.2,
    });
    expect(() => loadConfig({ SEMANTIC_WEIGHTS: 'embedding=lots' })).toThrow(/SEMANTIC_WEIGHTS/);
  });

  it('stops the server process at start, naming the missing variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SESSION_SECRET is required in production');
  });

  it('stops a realtime process on its own settings only', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'realtime/src/main.ts'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', GITHUB_CLIENT_ID: 'id' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL is required to run web and realtime as separate processes');
    expect(result.stderr).not.toContain('GITHUB_CLIENT_SECRET');
  });
});
