#!/usr/bin/env node
/**
 * The server the e2e tests run against: the production build on a brand-new database (a temp
 * DATA_DIR, where the site starts its embedded PostgreSQL server as `npm start` does, or a fresh
 * database on the server at TEST_DATABASE_URL when it is set, dropped at the end), demo users seeded, with GitHub, Google and ID-token sign-in pointed at a local mock
 * provider on E2E_OAUTH_PORT and mail sent to a local SMTP server on E2E_SMTP_PORT that keeps each
 * mail in E2E_MAIL_DIR (scripts/e2e-mail-sink.ts). E2E_CLUSTER=1 (needs TEST_DATABASE_URL) serves the same site from
 * 2 web + 2 realtime processes behind a round-robin balancer instead (scripts/e2e-cluster.ts).
 * It names the site's database in the file E2E_SITE_DATABASE (not for the cluster).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { oauthMockEnv, startOAuthMock } from './oauth-mock.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.E2E_PORT ?? '3100');
const cluster = process.env.E2E_CLUSTER === '1';
if (cluster && !process.env.TEST_DATABASE_URL) {
  console.error('E2E_CLUSTER=1 needs TEST_DATABASE_URL (a PostgreSQL server the cluster makes its own database on).');
  process.exit(1);
}
const oauthMock = await startOAuthMock(Number(process.env.E2E_OAUTH_PORT ?? port + 10));
const mail = await startMailSink(
  Number(process.env.E2E_SMTP_PORT ?? port + 20),
  process.env.E2E_MAIL_DIR ?? join(tmpdir(), `fso-e2e-mail-${port}`),
);
const env = {
  // One web process (the e2e-cluster suite covers several); WEB_CONCURRENCY may still be set.
  WEB_CONCURRENCY: '1',
  ...process.env,
  ...oauthMockEnv(oauthMock.url),
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
  SEED_DEMO: 'true',
  // A stand-in for the spec's own client on another origin (tests/e2e/fixtures.ts).
  CORS_ORIGINS: 'http://spec-client.localhost:5173',
  // Mail goes to the SMTP server beside it (scripts/e2e-mail-sink.ts); its links to this site.
  SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
  ORIGIN: `http://127.0.0.1:${port}`,
};

const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
let database;
if (cluster) {
  // The cluster makes (and drops) a database of its own.
} else if (process.env.TEST_DATABASE_URL) {
  database = `fso_e2e_${Date.now().toString(36)}`;
  const client = admin();
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  env.DATABASE_URL = Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: `/${database}` }).toString();
} else {
  env.DATA_DIR = mkdtempSync(join(tmpdir(), 'fso-e2e-'));
}

// The site's database, named for a spec that imports a dump into it (tests/e2e/imported-users.spec.ts); the cluster's is its own.
const siteDatabase = process.env.E2E_SITE_DATABASE;
if (siteDatabase) {
  rmSync(siteDatabase, { force: true });
  if (!cluster)
    writeFileSync(
      siteDatabase,
      JSON.stringify(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : { DATA_DIR: env.DATA_DIR }),
    );
}

const entry = cluster ? 'scripts/e2e-cluster.ts' : 'entry/main.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code) => {
  mail.child.kill('SIGTERM');
  if (siteDatabase) rmSync(siteDatabase, { force: true });
  if (database) {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  }
  process.exit(code ?? 0);
});

/** Starts the SMTP server the site mails to, in a process of its own; resolves once it listens. */
function startMailSink(smtpPort, dir) {
  const sink = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-mail-sink.ts'], {
    cwd: root,
    env: { ...process.env, E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    sink.stdout.once('data', () => resolve({ child: sink, port: smtpPort }));
    sink.once('exit', (code) => reject(new Error(`the e2e mail sink exited (${code})`)));
  });
}
