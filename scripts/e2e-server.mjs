#!/usr/bin/env node
/**
 * The server the e2e tests run against: the production build on a brand-new database (a temp
 * PGlite folder, or a fresh PostgreSQL database when TEST_DATABASE_URL is set), demo users seeded,
 * with GitHub, Google and ID-token sign-in pointed at a local mock provider on E2E_OAUTH_PORT.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { oauthMockEnv, startOAuthMock } from './oauth-mock.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.E2E_PORT ?? '3100');
const oauthMock = await startOAuthMock(Number(process.env.E2E_OAUTH_PORT ?? port + 10));
const env = {
  ...process.env,
  ...oauthMockEnv(oauthMock.url),
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
  SEED_DEMO: 'true',
  // A stand-in for the spec's own client on another origin (tests/e2e/fixtures.ts).
  CORS_ORIGINS: 'http://spec-client.localhost:5173',
};

if (process.env.TEST_DATABASE_URL) {
  const name = `fso_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = mkdtempSync(join(tmpdir(), 'fso-e2e-'));
}

const child = spawn(process.execPath, ['--import', 'tsx', 'remix-app/server.ts'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
