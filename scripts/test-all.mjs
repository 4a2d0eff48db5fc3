#!/usr/bin/env node
/**
 * `npm test`: every suite — typecheck, lint, the dependency rule (`npm run deps`),
 * formatting (`npm run format:check`) and the web build (the split-mode integration test and
 * Playwright serve it), two at a time; then in turn vitest (unit + integration), Playwright
 * (Chromium, with and without JavaScript; each project in two halves, two runs at a time, each
 * on a site of its own), and with TEST_DATABASE_URL the specs where more than one process
 * matters (playwright.config.ts's CLUSTER_SPECS, with JavaScript) again against 2 web + 2
 * realtime processes behind a balancer (E2E_CLUSTER=1), and as root on
 * Linux with TEST_DATABASE_URL the deploy image built with buildah (`npm run image`, one test)
 * and started (`npm run image:smoke`, counted per check) — continuing past failures so all are
 * counted. Output of suites run at once comes line by line, each line led by its run's name.
 * Each suite's wall time is printed when it ends and again in the summary, which ends
 * with one line `N passed, N failed` summed over every suite. Both database modes
 * are covered once without running anything twice: with TEST_DATABASE_URL, vitest runs on that
 * server (as the deploy does) and the one-server Playwright pass (a site per run) on the site's own embedded
 * PostgreSQL (as `npm start` does: TEST_DATABASE_URL is left out of its environment), then the
 * database package's tests (`unit-embedded`) again on an embedded test server.
 * TEST_SUITES=unit,e2e (names: typecheck, lint, deps, format, unit, unit-embedded, build, e2e,
 * e2e-cluster, image) runs a subset.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const out = mkdtempSync(join(tmpdir(), 'fso-test-'));
const wanted = process.env.TEST_SUITES?.split(',').map((s) => s.trim());
const totals = [];
/** The failed tests' names, `suite: file › title`, printed again in the summary (CI shows its tail). */
const failures = [];
const began = Date.now();

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Starts a command beside others; each line of its output is printed led by `label`. Resolves with its exit code. */
function start(label, cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`${label} | ${line}`));
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const secondsSince = (start) => Math.round((Date.now() - start) / 1000);

/** Runs one suite under its heading: `body` answers its counts (or a promise of them); its wall time is printed and kept for the summary. */
async function suite(name, heading, body) {
  console.log(`\n=== ${heading} ===`);
  const start = Date.now();
  const counts = await body();
  const seconds = secondsSince(start);
  console.log(`--- ${name}: ${seconds} s`);
  totals.push({ name, seconds, ...counts });
  return counts;
}

/** One command's exit code as one passed or failed check. */
const outcome = (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });

/** Runs `jobs` (functions answering promises) `width` at a time, in their order; answers their results in that order. */
async function pool(width, jobs) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// The checks and the build, each on one core and none reading what another writes: two at a time.
const checks = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.']],
  ['deps', 'npm', ['run', '--silent', 'deps']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
].filter(([name]) => !wanted || wanted.includes(name));
const buildWanted = !wanted || ['build', 'unit', 'e2e', 'e2e-cluster'].some((s) => wanted.includes(s));
if (buildWanted) checks.push(['build', 'npm', ['run', 'build']]);
await pool(
  2,
  checks.map(
    ([name, cmd, args]) =>
      () =>
        suite(name, name, async () => outcome(await start(name, cmd, args))),
  ),
);
const built = !buildWanted || totals.find((t) => t.name === 'build').passed === 1;

/** One vitest run's counts, from its JSON report; `args` adds options, `env` variables (undefined: left out). */
function vitest(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  // A file that fails to load has no failed tests but is a failure all the same.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  for (const f of report.testResults) {
    const file = f.name.replace(root, '');
    if (f.status === 'failed' && f.assertionResults.length === 0) failures.push(`${name}: ${file} (did not load)`);
    for (const a of f.assertionResults) if (a.status === 'failed') failures.push(`${name}: ${file} › ${a.fullName}`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

if (!wanted || wanted.includes('unit')) await suite('unit', 'unit + integration (vitest)', () => vitest('unit'));

// The test databases' own machinery (a template cloned per file) on an embedded test server too.
if ((!wanted || wanted.includes('unit-embedded')) && process.env.TEST_DATABASE_URL)
  await suite('unit-embedded', 'database package on an embedded test server (vitest)', () =>
    vitest('unit-embedded', ['packages/db'], { TEST_DATABASE_URL: undefined }),
  );

/** One Playwright run's counts, from its JSON report; `args` adds options. Its output lines are led by `name`. */
async function playwright(name, args = [], env = {}) {
  const file = join(out, `${name}.json`);
  await start(name, bin('playwright'), ['test', '--reporter=list,json', ...args], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = existsSync(file) ? readJson(file) : null;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const s = report.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected')
          failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const error of report.errors ?? []) failures.push(`${name}: ${error.message?.split('\n')[0]}`);
  if (s.flaky) console.log(`${name} | (${s.flaky} flaky test(s) passed on retry)`);
  return { passed: s.expected + s.flaky, failed: s.unexpected + (report.errors?.length ? 1 : 0), skipped: s.skipped };
}

/** The counts of several runs as one suite's. */
const summed = (...runs) =>
  runs.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));

// Every run on a site of its own, started by the run, on its own port (E2E_PORT + 0…3; the
// cluster's + 4; each site also takes its port + 10 and + 20, playwright.config.ts) so that a
// server still up from another run is never taken for its own, and in its own output folder.
// Each project (with and without JavaScript) has sites of its own: the suite signs up more users
// than one address may in an hour (RATE_LIMITS.signup), which a site serving both would refuse.
// Each project in two halves (Playwright's --shard, by file), two runs at a time: one run mostly
// waits on its browser, server and database, so two keep both cores of the CI machine busy. One
// at a time against a site given by E2E_BASE_URL, which all would share.
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const lanes = process.env.E2E_BASE_URL ? 1 : 2;
/** One Playwright run of `project`'s half number `part`, on the site at E2E_PORT + `offset`. */
const half = (project, part, offset) => () =>
  playwright(
    `${project}-${part}`,
    [`--project=${project}`, `--shard=${part}/2`, `--output=test-results/${project}-${part}`],
    { TEST_DATABASE_URL: undefined, E2E_PORT: String(e2ePort + offset) },
  );
if ((!wanted || wanted.includes('e2e')) && built)
  await suite(
    'e2e',
    `end-to-end (Playwright, on the embedded PostgreSQL as npm start runs it; ${lanes} run(s) at a time)`,
    async () =>
      summed(...(await pool(lanes, [half('js', 1, 0), half('js', 2, 1), half('nojs', 1, 2), half('nojs', 2, 3)]))),
  );

if ((!wanted || wanted.includes('e2e-cluster')) && built) {
  const heading =
    'end-to-end against a cluster (Playwright, 2 web + 2 realtime; the specs where that matters, with JavaScript)';
  if (!process.env.TEST_DATABASE_URL || process.env.E2E_BASE_URL)
    console.log(`\n=== ${heading} ===\nskipped: needs TEST_DATABASE_URL (and no E2E_BASE_URL)`);
  // Its own port, so a server still up from the run before is never taken for the cluster, and
  // its own output folder, so the first run's failure traces stay.
  else
    await suite('e2e-cluster', heading, () =>
      playwright('cluster', ['--output=test-results/cluster'], {
        E2E_CLUSTER: '1',
        E2E_PORT: String(e2ePort + 4),
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
  await suite('image', 'deploy image (buildah build + smoke test)', () => {
    if (missing) {
      console.log(`skipped: needs ${missing}`);
      return { passed: 0, failed: 0, skipped: 1 };
    }
    return outcome(run('npm', ['run', 'image']));
  });
  if (!missing && totals.at(-1).passed)
    await suite('image-smoke', 'deploy image smoke test (vitest)', () =>
      vitest('image-smoke', ['--config', 'deploy/vitest.smoke.config.ts']),
    );
}

console.log('\n=== summary ===');
for (const t of totals)
  console.log(
    `${t.name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''} (${t.seconds} s)`,
  );
for (const f of failures.slice(0, 30)) console.log(`failed: ${f}`);
if (failures.length > 30) console.log(`failed: … and ${failures.length - 30} more`);
console.log(`wall time: ${secondsSince(began)} s`);
const sum = (k) => totals.reduce((a, t) => a + t[k], 0);
const skipped = sum('skipped');
console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(sum('failed') > 0 ? 1 : 0);
