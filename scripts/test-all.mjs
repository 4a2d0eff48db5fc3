#!/usr/bin/env node
/**
 * `npm test`: every suite in turn — typecheck, lint, the dependency rule (`npm run deps`),
 * formatting (`npm run format:check`), the web build (the split-mode integration
 * test and Playwright serve it), vitest (unit + integration), Playwright (Chromium, with and
 * without JavaScript) against one server, and with TEST_DATABASE_URL the specs where more than
 * one process matters (playwright.config.ts's CLUSTER_SPECS) again against 2 web + 2 realtime
 * processes behind a balancer (E2E_CLUSTER=1), and as root on
 * Linux with TEST_DATABASE_URL the deploy image built with buildah (`npm run image`, one test)
 * and started (`npm run image:smoke`, counted per check) — continuing past failures so all are
 * counted. Each suite's wall time is printed when it ends and again in the summary, which ends
 * with one line `N passed, N failed` summed over every suite. Both database modes
 * are covered once without running anything twice: with TEST_DATABASE_URL, vitest runs on that
 * server (as the deploy does) and the one-server Playwright pass (a site per project) on the site's own embedded
 * PostgreSQL (as `npm start` does: TEST_DATABASE_URL is left out of its environment), then the
 * database package's tests (`unit-embedded`) again on an embedded test server.
 * TEST_SUITES=unit,e2e (names: typecheck, lint, deps, format, unit, unit-embedded, build, e2e,
 * e2e-cluster, image) runs a subset.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const out = mkdtempSync(join(tmpdir(), 'fso-test-'));
const wanted = process.env.TEST_SUITES?.split(',').map((s) => s.trim());
const totals = [];
const began = Date.now();

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const secondsSince = (start) => Math.round((Date.now() - start) / 1000);

/** Runs one suite under its heading: `body` answers its counts; its wall time is printed and kept for the summary. */
function suite(name, heading, body) {
  console.log(`\n=== ${heading} ===`);
  const start = Date.now();
  const counts = body();
  const seconds = secondsSince(start);
  console.log(`--- ${name}: ${seconds} s`);
  totals.push({ name, seconds, ...counts });
  return counts;
}

/** One command's exit code as one passed or failed check. */
const outcome = (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });

function check(name, cmd, args) {
  if (wanted && !wanted.includes(name)) return;
  suite(name, name, () => outcome(run(cmd, args)));
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

check('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('lint', bin('eslint'), ['.']);
check('deps', 'npm', ['run', '--silent', 'deps']);
check('format', 'npm', ['run', '--silent', 'format:check']);

let built = true;
if (!wanted || ['build', 'unit', 'e2e', 'e2e-cluster'].some((s) => wanted.includes(s))) {
  built = suite('build', 'build', () => outcome(run('npm', ['run', 'build']))).passed === 1;
}

/** One vitest run's counts, from its JSON report; `args` adds options, `env` variables (undefined: left out). */
function vitest(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  // A file that fails to load has no failed tests but is a failure all the same.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

if (!wanted || wanted.includes('unit')) suite('unit', 'unit + integration (vitest)', () => vitest('unit'));

// The test databases' own machinery (a template cloned per file) on an embedded test server too.
if ((!wanted || wanted.includes('unit-embedded')) && process.env.TEST_DATABASE_URL)
  suite('unit-embedded', 'database package on an embedded test server (vitest)', () =>
    vitest('unit-embedded', ['packages/db'], { TEST_DATABASE_URL: undefined }),
  );

/** One Playwright run's counts, from its JSON report; `args` adds options. */
function playwright(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  run(bin('playwright'), ['test', '--reporter=list,json', ...args], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = existsSync(file) ? readJson(file) : null;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const s = report.stats;
  if (s.flaky) console.log(`(${s.flaky} flaky test(s) passed on retry)`);
  return { passed: s.expected + s.flaky, failed: s.unexpected + (report.errors?.length ? 1 : 0), skipped: s.skipped };
}

/** The counts of several runs as one suite's. */
const summed = (...runs) =>
  runs.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));

// Each project (with and without JavaScript) on a site of its own, started by its own run: the
// suite signs up more users than one address may in an hour (RATE_LIMITS.signup), which a site
// serving both passes would refuse.
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
if ((!wanted || wanted.includes('e2e')) && built)
  suite('e2e', 'end-to-end (Playwright, on the embedded PostgreSQL as npm start runs it)', () =>
    summed(
      playwright('e2e', ['--project=js'], { TEST_DATABASE_URL: undefined, E2E_PORT: String(e2ePort) }),
      playwright('e2e-nojs', ['--project=nojs', '--output=test-results/nojs'], {
        TEST_DATABASE_URL: undefined,
        E2E_PORT: String(e2ePort + 200),
      }),
    ),
  );

if ((!wanted || wanted.includes('e2e-cluster')) && built) {
  const heading = 'end-to-end against a cluster (Playwright, 2 web + 2 realtime; the specs where that matters)';
  if (!process.env.TEST_DATABASE_URL || process.env.E2E_BASE_URL)
    console.log(`\n=== ${heading} ===\nskipped: needs TEST_DATABASE_URL (and no E2E_BASE_URL)`);
  // Its own port, so a server still up from the run before is never taken for the cluster, and
  // its own output folder, so the first run's failure traces stay.
  else
    suite('e2e-cluster', heading, () =>
      playwright('e2e-cluster', ['--output=test-results/cluster'], {
        E2E_CLUSTER: '1',
        E2E_PORT: String(e2ePort + 100),
      }),
    );
}

if (!wanted || wanted.includes('image')) {
  const missing =
    process.platform !== 'linux' || process.getuid?.() !== 0
      ? 'root on Linux (buildah, debootstrap)'
      : !process.env.TEST_DATABASE_URL
        ? 'TEST_DATABASE_URL'
        : null;
  suite('image', 'deploy image (buildah build + smoke test)', () => {
    if (missing) {
      console.log(`skipped: needs ${missing}`);
      return { passed: 0, failed: 0, skipped: 1 };
    }
    return outcome(run('npm', ['run', 'image']));
  });
  if (!missing && totals.at(-1).passed)
    suite('image-smoke', 'deploy image smoke test (vitest)', () =>
      vitest('image-smoke', ['--config', 'deploy/vitest.smoke.config.ts']),
    );
}

console.log('\n=== summary ===');
for (const t of totals)
  console.log(
    `${t.name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''} (${t.seconds} s)`,
  );
console.log(`wall time: ${secondsSince(began)} s`);
const sum = (k) => totals.reduce((a, t) => a + t[k], 0);
const skipped = sum('skipped');
console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(sum('failed') > 0 ? 1 : 0);
