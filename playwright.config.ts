/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser), once with JavaScript and
 * once without. The web server is the production build on a fresh database (scripts/e2e-server.mjs);
 * E2E_CLUSTER=1 makes it 2 web + 2 realtime processes behind a balancer, for CLUSTER_SPECS with JavaScript only.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The mock OAuth provider (scripts/oauth-mock.mjs) started by the e2e server; tests read it too.
process.env.E2E_OAUTH_PORT ??= String(PORT + 10);
// The SMTP server the e2e server mails to (scripts/e2e-mail-sink.ts) and the folder it keeps mails in; tests read it.
process.env.E2E_SMTP_PORT ??= String(PORT + 20);
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `fso-e2e-mail-${PORT}`);
// Where the e2e server names its site's database (DATA_DIR or DATABASE_URL), for a spec that imports a dump into it.
process.env.E2E_SITE_DATABASE ??= join(tmpdir(), `fso-e2e-database-${PORT}.json`);

/**
 * The specs where more than one process matters, the only ones the cluster pass runs: live events
 * crossing processes (live, live-deltas, inbox's bell, qa-loop's vote and accept in two browsers),
 * chat (messaging), games, sessions ended with their sockets on every process (accounts, mail's
 * reset, whose mail one of two web processes' workers sends), and the /socket.io forwarding from
 * web to realtime that only split mode has (security's handshakes). The others read and write
 * through one request at a time, which one process answers as well as four; process.spec starts
 * servers of its own, so the cluster changes nothing for it. The cluster pass runs them with
 * JavaScript only: without it a page has no socket, and its requests (a form's post, the page
 * after it) cross processes as the JavaScript pages' requests do.
 */
const CLUSTER_SPECS = ['live', 'live-deltas', 'inbox', 'qa-loop', 'messaging', 'games', 'accounts', 'mail', 'security'];
const cluster = process.env.E2E_CLUSTER === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  ...(cluster ? { testMatch: CLUSTER_SPECS.map((name) => `${name}.spec.ts`) } : {}),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    ...(cluster ? [] : [{ name: 'nojs', use: { javaScriptEnabled: false } }]),
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${PORT}/healthz`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        // SIGTERM lets the server stop its processes and drop its database.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      },
});
