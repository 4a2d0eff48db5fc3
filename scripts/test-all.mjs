#!/usr/bin/env node
/**
 * `npm test`: every suite in turn — typecheck, lint, the dependency rule (`npm run deps`),
 * formatting (`npm run format:check`), the web build (the split-mode integration
 * test and Playwright serve it), vitest (unit + integration), Playwright (Chromium, with and
 * without JavaScript) against one server, and with TEST_DATABASE_URL the same Playwright suite
 * again against 2 web + 2 realtime processes behind a balancer (E2E_CLUSTER=1), and as root on
 * Linux with TEST_DATABASE_URL the deploy image built with buildah (`npm run image`, one test)
 * and started (`npm run image:smoke`, counted per check) — continuing past failures so all are
 * counted. Ends with one line `N passed, N failed` summed over every suite. Both database modes
 * are covered once without running anything twice: with TEST_DATABASE_URL, vitest runs on that
 * server (as the deploy does) and the one-server Playwright pass on the site's own embedded
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

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(name, cmd, args) {
  if (wanted && !wanted.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const code = run(cmd, args);
  totals.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
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
  console.log('\n=== build ===');
  built = run('npm', ['run', 'build']) === 0;
  totals.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 });
}

/** One vitest run as suite `name`, counted from its JSON report; `args` adds options, `env` variables (undefined: left out). */
function vitest(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = readJson(file);
  if (!report) return totals.push({ name, passed: 0, failed: 1, skipped: 0 });
  // A file that fails to load has no failed tests but is a failure all the same.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  totals.push({
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

if (!wanted || wanted.includes('unit')) {
  console.log('\n=== unit + integration (vitest) ===');
  vitest('unit');
}

// The test databases' own machinery (a template cloned per file) on an embedded test server too.
if ((!wanted || wanted.includes('unit-embedded')) && process.env.TEST_DATABASE_URL) {
  console.log('\n=== database package on an embedded test server (vitest) ===');
  vitest('unit-embedded', ['packages/db'], { TEST_DATABASE_URL: undefined });
}

/** One Playwright run as suite `name`, counted from its JSON report; `args` adds options. */
function playwright(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  run(bin('playwright'), ['test', '--reporter=list,json', ...args], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = existsSync(file) ? readJson(file) : null;
  if (!report) return totals.push({ name, passed: 0, failed: 1, skipped: 0 });
  const s = report.stats;
  if (s.flaky) console.log(`(${s.flaky} flaky test(s) passed on retry)`);
  totals.push({
    name,
    passed: s.expected + s.flaky,
    failed: s.unexpected + (report.errors?.length ? 1 : 0),
    skipped: s.skipped,
  });
}

if ((!wanted || wanted.includes('e2e')) && built) {
  console.log('\n=== end-to-end (Playwright, on the embedded PostgreSQL as npm start runs it) ===');
  playwright('e2e', [], { TEST_DATABASE_URL: undefined });
}

if ((!wanted || wanted.includes('e2e-cluster')) && built) {
  console.log('\n=== end-to-end against a cluster (Playwright, 2 web + 2 realtime) ===');
  if (!process.env.TEST_DATABASE_URL || process.env.E2E_BASE_URL)
    console.log('skipped: needs TEST_DATABASE_URL (and no E2E_BASE_URL)');
  // Its own port, so a server still up from the run before is never taken for the cluster, and
  // its own output folder, so the first run's failure traces stay.
  else
    playwright('e2e-cluster', ['--output=test-results/cluster'], {
      E2E_CLUSTER: '1',
      E2E_PORT: String(Number(process.env.E2E_PORT ?? 3100) + 100),
    });
}

if (!wanted || wanted.includes('image')) {
  console.log('\n=== deploy image (buildah build + smoke test) ===');
  const missing =
    process.platform !== 'linux' || process.getuid?.() !== 0
      ? 'root on Linux (buildah, debootstrap)'
      : !process.env.TEST_DATABASE_URL
        ? 'TEST_DATABASE_URL'
        : null;
  if (missing) {
    console.log(`skipped: needs ${missing}`);
    totals.push({ name: 'image', passed: 0, failed: 0, skipped: 1 });
  } else {
    const imageBuilt = run('npm', ['run', 'image']) === 0;
    totals.push({ name: 'image', passed: imageBuilt ? 1 : 0, failed: imageBuilt ? 0 : 1, skipped: 0 });
    if (imageBuilt) vitest('image-smoke', ['--config', 'deploy/vitest.smoke.config.ts']);
  }
}

console.log('\n=== summary ===');
for (const t of totals)
  console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
const sum = (k) => totals.reduce((a, t) => a + t[k], 0);
const skipped = sum('skipped');
console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(sum('failed') > 0 ? 1 : 0);
