/**
 * Benchmark (issue 43): 10,000 weekly digests mailed to a local SMTP server on PostgreSQL, and
 * the p99 of an unrelated page (a question) while they go out. A fresh database on
 * BENCH_DATABASE_URL (default the machine's PostgreSQL) gets MAILS users with an address who
 * watch one tag with 30 new questions; the site (entry/main.ts, one process, production build)
 * sends through its own worker to a real SMTP server in this process (smtp-server). Prints the
 * figures as a table row for bench/RESULTS.md. Run: node --import tsx bench/mail-digest.ts
 */
import { spawn } from 'node:child_process';
// @ts-expect-error -- autocannon ships no types; its result is read as LoadResult below.
import autocannonUntyped from 'autocannon';
import pg from 'pg';
import { migrate, openDatabase, queueDueDigests } from '@fso/db';
import { freePort } from '@fso/platform';
import { startSmtpSink } from '../packages/platform/test/smtp-sink.ts';

const root = new URL('..', import.meta.url).pathname;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MAILS = Number(process.env.MAILS ?? 10_000);
const name = `fso_bench_mail_${Date.now().toString(36)}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const database = await openDatabase({ url });
await migrate(database);
const sql = (text: string) => database.pool.query(text);
await sql(`INSERT INTO users (username, email, date_joined)
  SELECT 'reader' || n, 'reader' || n || '@example.com', now() - interval '8 days' FROM generate_series(1, ${MAILS}) n`);
await sql(`INSERT INTO tags (name, description) VALUES ('postgres', 'PostgreSQL')`);
await sql(`INSERT INTO questions (title, text, asked_by, ask_date_time, score, answer_count, view_count)
  SELECT 'Question number ' || n || ' about indexes', 'Why is this query slow? ' || repeat('Details. ', 20), 1,
    now() - interval '1 day' + n * interval '1 minute', n % 7, n % 3, n * 5 FROM generate_series(1, 30) n`);
await sql(`INSERT INTO question_tags (question_id, tag_id, position) SELECT q.id, t.id, 1 FROM questions q, tags t`);
await sql(`INSERT INTO watched_tags (user_id, tag_id) SELECT u.id, t.id FROM users u, tags t`);

const sink = await startSmtpSink();
const port = await freePort();
const site = spawn(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '1',
    SEED_DEMO: 'false',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    COOKIE_SECURE: 'false',
    SMTP_URL: sink.url,
    ORIGIN: `http://127.0.0.1:${port}`,
    RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: 'error',
  },
});
const page = `http://127.0.0.1:${port}/question/1`;
for (let ready = false; !ready;) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
}
interface LoadResult {
  latency: { p99: number };
  requests: { average: number };
}
const autocannon = autocannonUntyped as (opts: object) => Promise<LoadResult>;
const load = (duration: number) => autocannon({ url: page, connections: 4, duration });
await load(5);
const quiet = await load(15);

const queuedAt = Date.now();
const queued = await queueDueDigests(database.db, {
  cadence: 'weekly',
  periodMs: 7 * 24 * 60 * 60_000,
  now: new Date(),
  limit: MAILS,
});
const busy = load(15);
await sink.waitFor(() => sink.mails.length >= queued, 600_000);
const seconds = (Date.now() - queuedAt) / 1000;
const during = await busy;

site.kill('SIGTERM');
await new Promise((resolve) => site.once('exit', resolve));
await sink.close();
await database.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();

const row = [
  queued.toLocaleString('en'),
  (queued / seconds).toFixed(0),
  seconds.toFixed(1),
  quiet.latency.p99,
  during.latency.p99,
  quiet.requests.average.toFixed(0),
  during.requests.average.toFixed(0),
];
console.log('| digests | mails/s | s | page p99 quiet (ms) | page p99 sending (ms) | page req/s quiet | sending |');
console.log('|---|---|---|---|---|---|---|');
console.log(`| ${row.join(' | ')} |`);
