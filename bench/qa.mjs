/**
 * Q&A benchmarks (issue 3): the server-rendered /question/:qid and /home, the REST question
 * list, and full-text search (screen and REST; words, `[tag]` alone and `[tag] + word`), at
 * concurrency 16 (or as asked: the embedded database's own row at 4) over random questions and
 * real two-word queries, on one server or two sharing the database; on PostgreSQL also the
 * SQL statements one question page costs for a question without answers and for the largest
 * one (it must not grow: no N+1).
 */
import pg from 'pg';
import { lastJson, loadAcross, runScript, startServer, warmUp } from './lib.mjs';

/** Two-word queries taken from the dump's own titles. */
export const SEARCHES = [
  'quantum entanglement',
  'grover algorithm',
  'qubit measurement',
  'quantum circuit',
  'shor algorithm',
  'quantum gates',
  'bell state',
  'density matrix',
  'error correction',
  'quantum annealing',
  'ibm qiskit',
  'quantum teleportation',
  'phase estimation',
  'unitary matrix',
  'superposition states',
  'quantum supremacy',
  'hadamard gate',
  'bloch sphere',
];

/** Seeds the data set unless the database already holds `questions` of them; returns what seed-qa.ts tells of it. */
export function seedQa(env, questions) {
  return lastJson(runScript('bench/seed-qa.ts', [questions], env));
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Statements the database ran per request, from its transaction counter (each statement autocommits); `url` may be a function giving each request's. */
export async function statementsPerRequest(client, dbName, url, times = 100) {
  const count = async () => {
    await new Promise((r) => setTimeout(r, 11_000)); // an idle backend flushes its counters within 10 s
    const { rows } = await client.query(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
      [dbName],
    );
    return Number(rows[0].n);
  };
  const before = await count();
  for (let i = 0; i < times; i++) {
    const target = typeof url === 'function' ? url() : url;
    if (!(await fetch(target)).ok) throw new Error(`${target} failed`);
  }
  const after = await count();
  // The counting query itself commits too (one).
  return +((after - before - 1) / times).toFixed(1);
}

/** Statements per question page (empty and largest) and per REST read of the largest; PostgreSQL only. */
async function statements(env, base, { biggest, empty }) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const dbName = new URL(env.DATABASE_URL).pathname.slice(1);
  try {
    return {
      empty: await statementsPerRequest(client, dbName, `${base}/question/${empty.id}`),
      biggest: await statementsPerRequest(client, dbName, `${base}/question/${biggest.id}`),
      restBiggest: await statementsPerRequest(client, dbName, `${base}/question/getQuestionById/${biggest.id}`),
    };
  } finally {
    await client.end();
  }
}

/**
 * The rows on `instances` single-process servers sharing the database (the embedded one can
 * only have one); with `countStatements` (PostgreSQL) also the statements a page costs.
 */
export async function qaBench({
  env,
  port,
  label,
  questions,
  searchOnly = false,
  instances = 1,
  countStatements = false,
  connections = 16,
}) {
  const { range, biggest, empty } = seedQa(env, questions);
  const servers = [];
  for (let i = 0; i < instances; i++) servers.push(await startServer({ ...env, SEED_DEMO: 'false' }, port + i));
  const randomId = () => range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));
  // A server on this machine: its backends' CPU for our database is counted too.
  const url = env.DATABASE_URL ? new URL(env.DATABASE_URL) : null;
  const database = url && ['127.0.0.1', 'localhost'].includes(url.hostname) ? url.pathname.slice(1) : undefined;
  const paths = (make) => ({ database, requests: [{ setupRequest: (req) => ({ ...req, path: make() }) }] });
  try {
    const { requests } = paths(() => `/question/${randomId()}`);
    await warmUp(servers, requests, connections);
    const rows = [];
    const measure = async (name, make) => rows.push([name, await loadAcross(servers, { ...paths(make), connections })]);
    if (!searchOnly) {
      await measure('GET /question/:qid (screen, random question)', () => `/question/${randomId()}`);
      await measure('GET /home (screen, newest)', () => '/home');
      await measure(
        'GET /question/getQuestion?order=newest&limit=50',
        () => '/question/getQuestion?order=newest&limit=50',
      );
      await measure('GET /question/getQuestionById/:qid (random)', () => `/question/getQuestionById/${randomId()}`);
    }
    await measure('GET /home?search= (screen, two words)', () => `/home?search=${encodeURIComponent(pick(SEARCHES))}`);
    await measure(
      'GET /question/getQuestion?search= (two words, limit 50)',
      () => `/question/getQuestion?search=${encodeURIComponent(pick(SEARCHES))}&limit=50`,
    );
    await measure(
      'GET /question/getQuestion?search=[tag] (newest, limit 50)',
      () => `/question/getQuestion?search=${encodeURIComponent('[quantum-gate]')}&limit=50`,
    );
    await measure(
      'GET /question/getQuestion?search=[tag] words',
      () =>
        `/question/getQuestion?search=${encodeURIComponent(`[quantum-gate] ${pick(SEARCHES).split(' ')[1]}`)}&limit=50`,
    );
    return {
      label,
      questions: range.n,
      rows,
      biggest,
      statements: countStatements ? await statements(env, servers[0].base, { biggest, empty }) : null,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
