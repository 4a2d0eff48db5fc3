/**
 * Natural-language search benchmark (issue 6) for `npm run bench`: prepares (or finds) the
 * data set — the real dump with its embeddings grown to N questions (nl-prepare.ts) — then,
 * optionally, nl-latency.ts's in-process timing of `search(text, 3)` per index path, and
 * `GET /question/semanticSearch?text=&topk=3` at concurrency 16 on one server or several
 * sharing the database, each request a random paraphrase or real title, every response checked
 * to be a non-empty result list; meanwhile `/healthz` is timed, one probe at a time.
 */
import { readFileSync } from 'node:fs';
import { lastJson, loadAcross, runScript, startServer, warmUp } from './lib.mjs';

export const PARAPHRASES = JSON.parse(
  readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8'),
).pairs.map((p) => p.query);

export const pick = (list) => list[Math.floor(Math.random() * list.length)];
export const searchPath = (text) => `/question/semanticSearch?text=${encodeURIComponent(text)}&topk=3`;
/** A search answered with 200 must be a non-empty list of questions. */
export const isResult = (body) => body.startsWith('[{"_id":');

/** How often `/healthz` is asked while the searches run. */
const PROBE_MS = 50;

/**
 * Asks each server's `GET /healthz` once every PROBE_MS (one request at a time, beside the load)
 * until `during` settles: whether the HTTP server stays responsive while the model is saturated.
 */
export async function probeHealth(servers, during) {
  const times = [];
  let failures = 0;
  let done = false;
  const probe = async (server) => {
    while (!done) {
      const started = performance.now();
      const ok = await fetch(`${server.base}/healthz`).then(
        async (r) => (await r.text(), r.ok),
        () => false,
      );
      times.push(performance.now() - started);
      if (!ok) failures++;
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  };
  const probing = Promise.all(servers.map(probe));
  const result = await during.finally(() => {
    done = true;
  });
  await probing;
  times.sort((a, b) => a - b);
  const at = (q) => +times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return { result, health: { probes: times.length, p50: at(0.5), p99: at(0.99), max: at(1), failures } };
}

/** The first search of a server (model, vectors and LSA loaded), so the measured load does not wait for them. */
export async function firstSearch(server) {
  const started = Date.now();
  const response = await fetch(server.base + searchPath('how do qubits stay coherent'));
  const body = await response.text();
  if (!response.ok || !isResult(body))
    throw new Error(`semanticSearch answered ${response.status}: ${body.slice(0, 200)}`);
  return Date.now() - started;
}

/**
 * Prepares the data set in the database given by `env` (DATA_DIR or DATABASE_URL; kept between
 * runs, grown only when smaller than `questions`), then the rows on `instances` single-process
 * servers (the embedded database can only have one). `inProcessLines`: nl-latency.ts's table
 * lines, or null without `inProcess`. A 200 that is not a non-empty list counts as an error
 * (`emptyResults`; these include the warm-ups).
 */
export async function nlSearchBench({ env, port, label, questions, instances = 1, inProcess = true }) {
  const prepared = lastJson(runScript('bench/nl-prepare.ts', [questions], env));
  const inProcessLines = inProcess ? runScript('bench/nl-latency.ts', [questions], env).trim().split('\n') : null;
  const queries = [...PARAPHRASES, ...prepared.titles];
  const servers = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer({ ...env, SEED_DEMO: 'false' }, port + i));
    const firstSearchMs = await Promise.all(servers.map(firstSearch));
    let emptyResults = 0;
    const request = {
      setupRequest: (req) => ({ ...req, path: searchPath(pick(queries)) }),
      onResponse: (status, body) => {
        if (status === 200 && !isResult(body)) emptyResults++;
      },
    };
    // A steady server, not its first seconds, as the Q&A rows.
    await warmUp(servers, [request]);
    const { result: run, health } = await probeHealth(servers, loadAcross(servers, { requests: [request] }));
    const row = { ...run, errors: run.errors + emptyResults, emptyResults };
    return {
      label,
      questions: prepared.questions,
      rows: [['GET /question/semanticSearch?text=&topk=3 (paraphrase or real title)', row]],
      inProcessLines,
      firstSearchMs,
      health,
      prepareSeconds: prepared.seconds,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
