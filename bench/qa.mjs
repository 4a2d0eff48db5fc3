/**
 * Q&A benchmarks (issue 3) on PostgreSQL: the server-rendered /question/:qid and /home, the
 * REST question list, and full-text search (screen and REST), at concurrency 16 over random
 * questions and real two-word queries; the SQL statements one question page costs for a
 * question without answers and for the largest one (it must not grow: no N+1); and the page
 * and the list again with two web processes sharing the load.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { load, root, startServer } from './lib.mjs';

/** Two-word queries taken from the dump's own titles. */
const SEARCHES = [
  'quantum entanglement', 'grover algorithm', 'qubit measurement', 'quantum circuit', 'shor algorithm', 'quantum gates',
  'bell state', 'density matrix', 'error correction', 'quantum annealing', 'ibm qiskit', 'quantum teleportation',
  'phase estimation', 'unitary matrix', 'superposition states', 'quantum supremacy', 'hadamard gate', 'bloch sphere',
];

/** Seeds the data set unless the database already holds `questions` of them. */
export function seedQa(env, questions) {
  const seeded = spawnSync(join(root, 'node_modules/.bin/tsx'), ['bench/seed-qa.ts', String(questions)], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding questions failed');
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Statements the database ran per request, from its transaction counter (each statement autocommits). */
async function statementsPerRequest(client, dbName, url, times = 100) {
  const count = async () => {
    await new Promise((r) => setTimeout(r, 11_000)); // an idle backend flushes its counters within 10 s
    const { rows } = await client.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [dbName]);
    return Number(rows[0].n);
  };
  const before = await count();
  for (let i = 0; i < times; i++) if (!(await fetch(url)).ok) throw new Error(`${url} failed`);
  const after = await count();
  // The counting query itself commits too (one).
  return +((after - before - 1) / times).toFixed(1);
}

export async function qaBench({ env, port, label, questions, searchOnly = false }) {
  seedQa(env, questions);
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const dbName = new URL(env.DATABASE_URL).pathname.slice(1);
  const { rows: [range] } = await client.query('SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM questions');
  const { rows: [biggest] } = await client.query(
    `SELECT q.id, q.answer_count, (SELECT count(*) FROM comments c WHERE c.question_id = q.id OR c.answer_id IN (SELECT id FROM answers WHERE question_id = q.id))::int AS comments
     FROM questions q ORDER BY q.answer_count DESC, q.id LIMIT 1`,
  );
  const { rows: [empty] } = await client.query('SELECT id FROM questions WHERE answer_count = 0 ORDER BY id LIMIT 1');
  const server = await startServer({ ...env, SEED_DEMO: 'false' }, port);
  const randomId = () => range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));
  const path = (make) => ({ requests: [{ setupRequest: (req) => ({ ...req, path: make() }) }] });
  try {
    const base = server.base;
    const rows = [];
    const measure = async (name, make) => {
      await load({ url: base, duration: 2, ...path(make) }); // warm-up
      rows.push([`${name} (${range.n.toLocaleString('en')} questions)`, await load({ url: base, pid: server.pid, ...path(make) })]);
    };
    if (!searchOnly) {
      await measure('GET /question/:qid (screen, random question)', () => `/question/${randomId()}`);
      await measure('GET /home (screen, newest)', () => '/home');
      await measure('GET /question/getQuestion?order=newest&limit=50', () => '/question/getQuestion?order=newest&limit=50');
      await measure('GET /question/getQuestionById/:qid (random)', () => `/question/getQuestionById/${randomId()}`);
    }
    await measure('GET /home?search= (screen, two words)', () => `/home?search=${encodeURIComponent(pick(SEARCHES))}`);
    await measure('GET /question/getQuestion?search= (two words, limit 50)', () => `/question/getQuestion?search=${encodeURIComponent(pick(SEARCHES))}&limit=50`);
    await measure('GET /question/getQuestion?search=[tag] words', () => `/question/getQuestion?search=${encodeURIComponent(`[quantum-gate] ${pick(SEARCHES).split(' ')[1]}`)}&limit=50`);
    if (searchOnly) return { label, questions: range.n, rows, statements: null, biggest };
    const statements = {
      empty: await statementsPerRequest(client, dbName, `${base}/question/${empty.id}`),
      biggest: await statementsPerRequest(client, dbName, `${base}/question/${biggest.id}`),
      restBiggest: await statementsPerRequest(client, dbName, `${base}/question/getQuestionById/${biggest.id}`),
    };
    // Two web processes on the same database, each loaded by half the connections (what a
    // balancer in front of them would do, without its own cost).
    const second = await startServer({ ...env, SEED_DEMO: 'false' }, port + 1);
    try {
      const both = async (name, make) => {
        const run = (s) => load({ url: s.base, pid: s.pid, connections: 8, ...path(make) });
        await Promise.all([server, second].map((s) => load({ url: s.base, connections: 8, duration: 2, ...path(make) })));
        rows.push([`${name} (${range.n.toLocaleString('en')} questions), 2 web processes`, combine(await Promise.all([run(server), run(second)]))]);
      };
      await both('GET /question/:qid (screen, random question)', () => `/question/${randomId()}`);
      await both('GET /question/getQuestion?order=newest&limit=50', () => '/question/getQuestion?order=newest&limit=50');
    } finally {
      await second.stop();
    }
    return { label, questions: range.n, rows, statements, biggest };
  } finally {
    await client.end();
    await server.stop();
  }
}

/** Two simultaneous loads as one row: throughput and errors add up, the worse latency counts. */
function combine([a, b]) {
  const requests = a.requests + b.requests;
  return {
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    rps: a.rps + b.rps,
    requests,
    errors: a.errors + b.errors,
    cpuMsPerRequest: +((a.cpuMsPerRequest * a.requests + b.cpuMsPerRequest * b.requests) / requests).toFixed(2),
    machineBusy: Math.max(a.machineBusy, b.machineBusy),
    connections: a.connections + b.connections,
  };
}
