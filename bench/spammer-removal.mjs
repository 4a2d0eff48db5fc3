/**
 * Removing a spammer with 5,000 posts on PostgreSQL (issue 41): a new database on the server at
 * BENCH_DATABASE_URL (default: 127.0.0.1:5432), one web process, the spammer's 4,000 questions
 * and 1,000 answers written by SQL; a moderator asks POST /user/deleteSpammer and the removal
 * runs in the background. Meanwhile, and for as long before it, readers fetch an unrelated
 * question page (CONCURRENCY at once); the table gives the removal's duration and that page's
 * p50/p99 before and during it, in one sitting. Not part of `npm run bench`: after `npm run
 * build`, run `node bench/spammer-removal.mjs [port]`; it rewrites its section of RESULTS.md.
 */
import pg from 'pg';
import {
  loadFact,
  machine,
  machineBusy,
  postgresDatabase,
  signUp,
  stampLine,
  startServer,
  writeSection,
} from './lib.mjs';

const QUESTIONS = 4000;
const ANSWERS = 1000;
const CONCURRENCY = 4;
const BASELINE_MS = 15_000;
const [port = '8790'] = process.argv.slice(2);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = await postgresDatabase(adminUrl);
const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, Number(port));
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  const stamp = Date.now().toString(36);
  const mod = await signUp(server.base, `mod${stamp}`);
  await signUp(server.base, `spam${stamp}`);
  const reader = await signUp(server.base, `reader${stamp}`);
  await db.query(`UPDATE users SET role = 'moderator' WHERE username = $1`, [`mod${stamp}`]);
  const user = async (name) => (await db.query('SELECT id FROM users WHERE username = $1', [name])).rows[0].id;
  const [spammer, honest] = [await user(`spam${stamp}`), await user(`reader${stamp}`)];
  const ask = async (by, title) =>
    (
      await db.query('INSERT INTO questions (title, text, asked_by) VALUES ($1, $2, $3) RETURNING id', [
        title,
        `${title}, a body`,
        by,
      ])
    ).rows[0].id;
  const target = await ask(honest, 'An honest question the spammer answers');
  const unrelated = await ask(honest, 'An unrelated question, read during the removal');
  await db.query(
    `INSERT INTO questions (title, text, asked_by) SELECT 'Cheap pills ' || g, 'Buy cheap pills, offer ' || g, $1 FROM generate_series(1, ${QUESTIONS}) g`,
    [spammer],
  );
  await db.query(
    `INSERT INTO answers (question_id, text, ans_by) SELECT $1, 'Visit my shop, offer ' || g, $2 FROM generate_series(1, ${ANSWERS}) g`,
    [target, spammer],
  );
  await db.query('UPDATE questions SET answer_count = $2 WHERE id = $1', [target, ANSWERS]);
  const page = `${server.base}/question/${unrelated}`;

  /** Readers fetch the page until `until()` says stop; each request's milliseconds. */
  async function read(until) {
    const times = [];
    const one = async () => {
      while (!until()) {
        const started = performance.now();
        const res = await fetch(page, { headers: { cookie: reader } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${page}: ${res.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));
    return times.sort((a, b) => a - b);
  }
  const pct = (times, p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const round = (n) => Math.round(n * 10) / 10;

  const busy = machineBusy();
  const baselineEnd = performance.now() + BASELINE_MS;
  const before = await read(() => performance.now() > baselineEnd);

  const started = performance.now();
  const res = await fetch(`${server.base}/user/deleteSpammer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie: mod },
    body: JSON.stringify({ username: `spam${stamp}` }),
  });
  if (!res.ok) throw new Error(`deleteSpammer: ${res.status} ${await res.text()}`);
  const answeredMs = performance.now() - started;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const { rows } = await db.query('SELECT finished_at IS NOT NULL AS done FROM spammer_removals');
      done = rows[0]?.done === true;
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const during = await read(() => done);
  await poll;
  const removalMs = performance.now() - started;
  const { rows } = await db.query('SELECT total, removed FROM spammer_removals');
  const left = (await db.query('SELECT count(*)::int AS n FROM questions WHERE asked_by = $1', [spammer])).rows[0].n;
  if (left !== 0 || rows[0].removed !== rows[0].total) throw new Error(`removal incomplete: ${left} questions left`);
  const machineBusyPct = Math.round(busy() * 100);

  const info = machine();
  const row = (label, t) =>
    `| ${label} | ${t.length} | ${round(pct(t, 50))} | ${round(pct(t, 99))} | ${round(t.at(-1))} |`;
  writeSection('spammer-removal', [
    '## Removing a spammer with 5,000 posts (PostgreSQL, background batches)',
    '',
    stampLine(
      info,
      loadFact(),
      `machine ${machineBusyPct}% busy during the run: shared with other agents' builds and tests, so absolute numbers are loaded-machine numbers`,
      `PostgreSQL 127.0.0.1:5432, one web process, ${CONCURRENCY} readers`,
    ),
    '',
    `Removal of ${rows[0].total} rows (${QUESTIONS} questions, ${ANSWERS} answers) in batches of 200: **${round(removalMs / 1000)} s** (the request answered in ${round(answeredMs)} ms).`,
    '',
    `| GET /question/:id (unrelated) | requests | p50 ms | p99 ms | max ms |`,
    '| --- | ---: | ---: | ---: | ---: |',
    row(`before removal (${BASELINE_MS / 1000} s)`, before),
    row('during removal', during),
  ]);
  console.log(
    JSON.stringify({
      removalMs: round(removalMs),
      answeredMs: round(answeredMs),
      before: round(pct(before, 99)),
      during: round(pct(during, 99)),
    }),
  );
} finally {
  await db.end();
  await server.stop();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
