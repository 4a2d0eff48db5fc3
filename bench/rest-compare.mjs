#!/usr/bin/env node
/**
 * Whether a change to the REST question list keeps its responses the same (decision record
 * 0056): the base and this checkout (pages-pair.mjs) are asked for the same `GET
 * /question/getQuestion` requests, each pair at once, and the bodies compared byte for byte
 * with the status, `Content-Type` and the total's headers. Requests: bench/qa.mjs's REST rows
 * for each of its searches (two words, `[tag]` alone, `[tag] + word`), the four orders, a
 * tag, later pages and a wide one, and searches that match nothing. Prints each request that
 * differs, where. Usage:
 *   DATABASE_URL=postgres://…/rest_qa_100000 node bench/rest-compare.mjs [--base main] [--port 3630]
 */
import { parseArgs } from 'node:util';
import { startPair } from './pages-pair.mjs';
import { SEARCHES } from './qa.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string', default: 'main' }, port: { type: 'string', default: '3630' } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the seeded data set, with a copy named <it>_b');

const list = (query) => `/question/getQuestion?${new URLSearchParams(query)}`;
const paths = [
  ...SEARCHES.flatMap((words) => [
    list({ search: words, limit: '50' }),
    list({ search: `[quantum-gate] ${words.split(' ')[1]}`, limit: '50' }),
    list({ search: words, order: 'newest', limit: '20', offset: '20' }),
  ]),
  list({ search: '[quantum-gate]', limit: '50' }),
  list({ search: '[quantum-gate]', limit: '50', offset: '50' }),
  ...['newest', 'unanswered', 'active', 'mostViewed'].flatMap((order) => [
    list({ order, limit: '50' }),
    list({ order, limit: '200', offset: '400' }),
  ]),
  list({ tag: 'quantum-gate', order: 'active', limit: '50' }),
  list({ search: 'quantum state', limit: '50', offset: '150' }),
  list({ search: 'zzzqqq nothing', limit: '50' }),
  list({ search: '[no-such-tag]', limit: '50' }),
  list({}),
];

const { base, next } = await startPair({ url, patches: [], baseRef: args.base, port: Number(args.port) });
const read = async (server, path) => {
  const res = await fetch(server.base + path);
  const headers = ['content-type', 'x-total-count', 'x-total-count-capped']
    .map((h) => `${h}: ${res.headers.get(h)}`)
    .join('; ');
  return { status: res.status, headers, body: await res.text() };
};
let differ = 0;
let bytes = 0;
try {
  for (const path of paths) {
    const [a, b] = await Promise.all([read(base, path), read(next, path)]);
    bytes += a.body.length;
    if (a.status === b.status && a.headers === b.headers && a.body === b.body) continue;
    differ++;
    const at = [...a.body].findIndex((c, i) => c !== b.body[i]);
    console.log(
      `${path}: status ${a.status} / ${b.status}; ${a.headers} / ${b.headers}; bodies differ at ${at}: ${JSON.stringify(a.body.slice(at - 40, at + 40))} / ${JSON.stringify(b.body.slice(at - 40, at + 40))}`,
    );
  }
} finally {
  await Promise.all([base.stop(), next.stop()]);
}
console.log(`${paths.length} requests, ${bytes} bytes of base bodies: ${differ} differ`);
process.exitCode = differ ? 1 : 0;
