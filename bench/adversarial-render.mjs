/**
 * Issue 39's "done means": 30 kB adversarial bodies through every path that renders Markdown (the
 * REST preview, the screens' no-JavaScript preview, ask, answer, edit, comment) must each be
 * answered within 1 s while `/healthz`, polled every 20 ms meanwhile, keeps its p99 under 100 ms.
 * The bodies are the attacks: a `markdown` fence of `[a](` (highlight.js backtracking),
 * `$a` × 14,500 (math amplification), a table of 1,000 columns, 2,000 nested braces in math, 30,000
 * `[` (the quadratic link check), nested emphasis and one 10 kB link definition used 6,000 times. One process, RATE_LIMIT_FACTOR=1000.
 * Not part of `npm run bench`: run alone, after `npm run build`, on a new database of
 * BENCH_DATABASE_URL or on DATA_DIR:
 *   node bench/adversarial-render.mjs [port] [checkout]
 * Prints one JSON line: per path the slowest answer and its statuses, per body its slowest answer,
 * and /healthz's latencies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, postgresDatabase, signUp, startServer } from './lib.mjs';

const [port = '4307', checkout] = process.argv.slice(2);
const SIZE = 30_000;
const fill = (unit, prefix = '', suffix = '') =>
  prefix + unit.repeat(Math.floor((SIZE - prefix.length - suffix.length) / unit.length)) + suffix;
const BODIES = {
  markdownFence: fill('[a](', '```markdown\n', '\n```'),
  math: fill('$a'),
  wideTable: `|${'a|'.repeat(1_000)}\n|${'-|'.repeat(1_000)}\n${'a\n'.repeat(12_900)}`.slice(0, SIZE),
  nestedBraces: `$${'{'.repeat(2_000)}a${'}'.repeat(2_000)}$ ${'x'.repeat(SIZE - 4_004)}`,
  brackets: fill('['),
  emphasis: fill('*_a'),
  linkReferences: fill('[x]', `[x]: https://example.com/${'a'.repeat(10_000)}\n\n`),
};

const dataDir = mkdtempSync(join(tmpdir(), 'fso-adversarial-'));
const database = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: await postgresDatabase(process.env.BENCH_DATABASE_URL) }
  : { DATA_DIR: dataDir };
const server = await startServer(
  { ...database, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  Number(port),
  'entry/main.ts',
  [],
  checkout,
);
let polling = true;
const health = [];
const poll = (async () => {
  while (polling) {
    const started = performance.now();
    await (await fetch(`${server.base}/healthz`)).arrayBuffer();
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
try {
  const name = `adv${Date.now().toString(36)}`;
  const cookie = await signUp(server.base, name);
  const { _id: qid } = await post(server.base, cookie, '/question/addQuestion', {
    title: 'A plain question',
    text: 'Plain text.',
    tags: ['adversarial'],
    askedBy: name,
  });
  const { _id: aid } = await post(server.base, cookie, '/answer/addAnswer', {
    qid,
    ans: { text: 'A plain answer.', ansBy: name },
  });
  const json = (method, path, body) => ({
    method,
    path,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = (path, fields) => ({
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const PATHS = {
    previewRest: (text) => json('POST', '/post/previewMarkdown', { text }),
    previewNoJs: (text) => form('/new/question', { intent: 'preview', title: 'A title', text, tags: 'x' }),
    ask: (text) => json('POST', '/question/addQuestion', { title: 'Adversarial', text, tags: ['x'], askedBy: name }),
    answer: (text) => json('POST', '/answer/addAnswer', { qid, ans: { text, ansBy: name } }),
    edit: (text) => json('PATCH', `/answer/editAnswer/${aid}`, { text }),
    comment: (text) =>
      json('POST', '/comment/addComment', { id: qid, type: 'question', comment: { text, commentBy: name } }),
  };
  const results = {};
  const perBody = {};
  for (const [path, request] of Object.entries(PATHS)) {
    const seen = { maxMs: 0, statuses: {} };
    for (const [body, text] of Object.entries(BODIES)) {
      const { method, path: url, headers, body: payload } = request(text);
      const started = performance.now();
      const res = await fetch(`${server.base}${url}`, { method, headers: { ...headers, cookie }, body: payload });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (ms > seen.maxMs) Object.assign(seen, { maxMs: Math.round(ms), slowest: body });
      perBody[body] = Math.max(perBody[body] ?? 0, Math.round(ms));
      seen.statuses[res.status] = (seen.statuses[res.status] ?? 0) + 1;
    }
    results[path] = seen;
  }
  polling = false;
  await poll;
  const sorted = [...health].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  console.log(
    JSON.stringify({
      bodies: Object.fromEntries(Object.entries(BODIES).map(([k, v]) => [k, v.length])),
      paths: results,
      slowestPerBodyMs: perBody,
      healthz: { polls: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) },
    }),
  );
} finally {
  polling = false;
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
