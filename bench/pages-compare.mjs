#!/usr/bin/env node
/**
 * Whether a change to the page path keeps the documents the same (docs/decisions/0043): the base
 * and this checkout (pages-pair.mjs) are asked for the same pages, each pair at once, and the
 * documents compared byte for byte once the CSP nonce, the request's clock (`now`, relative
 * times) and the assets' content hashes are normalised (and the origin: the two listen on different ports); prints each page that differs, where.
 * The hydration data (the turbo-stream Remix writes into the page) is compared decoded: the
 * document around it byte for byte, and the loader data each route sends, printing which of a
 * route's values differ; and its text byte for byte (the clock normalised), counting the pages
 * where that differs. Pages: 30 random questions (each also with `?sort=newest`), `/home`
 * and its orders, a tag, a later page, the search screen (bench/qa.mjs's searches, one also ordered and paged), and a question that does not exist.
 * With `--as user:password` both servers are asked as that user, signed in on each (its forms:
 * the header's, votes, comments, accept and delete), and `--paths` adds pages (comma-separated). Usage:
 *   DATABASE_URL=postgres://…/pages_qa_100000 node bench/pages-compare.mjs --patches a.patch [--base main] [--port 3630] [--as user:password] [--paths /question/50]
 */
import { parseArgs } from 'node:util';
import { decode } from 'turbo-stream';
import pg from 'pg';
import { startPair } from './pages-pair.mjs';
import { SEARCHES } from './qa.mjs';

const { values: args } = parseArgs({
  options: {
    patches: { type: 'string', default: '' },
    base: { type: 'string', default: 'main' },
    port: { type: 'string', default: '3630' },
    questions: { type: 'string', default: '30' },
    as: { type: 'string', default: '' },
    paths: { type: 'string', default: '' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the seeded data set, with a copy named <it>_b');
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query('SELECT id FROM questions ORDER BY random() LIMIT $1', [Number(args.questions)]);
const {
  rows: [tag],
} = await client.query('SELECT name FROM tags ORDER BY id LIMIT 1');
await client.end();
const paths = [
  ...rows.flatMap(({ id }) => [`/question/${id}`, `/question/${id}?sort=newest`]),
  '/home',
  '/home?order=active',
  '/home?order=unanswered',
  '/home?page=3',
  `/home?tag=${encodeURIComponent(tag.name)}`,
  '/home?search=quantum+state',
  '/home?search=quantum+state&order=newest',
  '/home?search=quantum+state&page=2',
  '/home?search=%5Bquantum-gate%5D+matrix',
  ...SEARCHES.map((words) => `/home?search=${encodeURIComponent(words)}`),
  '/question/999999999',
  '/question/abc',
  ...args.paths.split(',').filter(Boolean),
];

const normalise = (html) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN')
    .replace(/(\\?"now\\?",)\d+/g, '$1NOW')
    .replace(/\d+ (second|minute|hour|day|month|year)s? ago|just now/g, 'AGO')
    .replace(/-[\w-]{8}\.(js|css)/g, '-HASH.$1')
    .replace(/manifest-[0-9a-f]+\.js|"version": "[0-9a-f]+"/g, 'MANIFEST');

const { base, next } = await startPair({
  url,
  patches: args.patches.split(',').filter(Boolean),
  baseRef: args.base,
  port: Number(args.port),
});
const DATA = /(window\.__remixContext\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")\)/g;
/** The document with its hydration data taken out, and that data decoded. */
async function split(html) {
  const chunks = [];
  const rest = html.replace(DATA, (_, call, literal) => {
    chunks.push(JSON.parse(literal));
    return `${call}DATA)`;
  });
  if (!chunks.length) return { rest: normalise(rest), data: null, text: '' };
  const decoded = await decode(new Blob(chunks).stream());
  await decoded.done;
  return { rest: normalise(rest), data: decoded.value, text: normalise(chunks.join('')) };
}
/** Which routes' loader values differ between two decoded hydration payloads. */
function dataDifferences(a, b) {
  const out = [];
  for (const route of new Set([...Object.keys(a?.loaderData ?? {}), ...Object.keys(b?.loaderData ?? {})]))
    for (const key of new Set([...Object.keys(a.loaderData[route] ?? {}), ...Object.keys(b.loaderData[route] ?? {})])) {
      const [x, y] = [a.loaderData[route]?.[key], b.loaderData[route]?.[key]]
        .map((v) => JSON.stringify(v) ?? '')
        .map(normalise);
      if (key !== 'now' && x !== y) out.push(`${route}.${key}: ${x.length} → ${y.length} chars`);
    }
  return out;
}
/** The session cookie of `--as user:password` signed in on `server` (POST /user/login), or none. */
async function signIn(server) {
  if (!args.as) return {};
  const [username, ...rest] = args.as.split(':');
  const res = await fetch(`${server.base}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: rest.join(':') }),
  });
  if (!res.ok) throw new Error(`--as: login on ${server.base} answered ${res.status}`);
  return {
    Cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}
const cookies = await Promise.all([base, next].map(signIn));
let differ = 0;
let textDiffers = 0;
const dataChanges = new Map();
try {
  for (const path of paths) {
    const [a, b] = await Promise.all(
      [base, next].map((s, i) =>
        fetch(s.base + path, { headers: cookies[i] }).then(async (r) => split(`${r.status}\n${await r.text()}`)),
      ),
    );
    if (a.text !== b.text) textDiffers++;
    for (const change of dataDifferences(a.data, b.data))
      dataChanges.set(change.replace(/\d+ → \d+ chars/, ''), [
        ...(dataChanges.get(change.replace(/\d+ → \d+ chars/, '')) ?? []),
        change,
      ]);
    if (a.rest === b.rest) continue;
    differ++;
    let at = 0;
    while (a.rest[at] === b.rest[at]) at++;
    console.log(
      `${path}: differs at ${at} of ${a.rest.length}/${b.rest.length}\n  base: ${JSON.stringify(a.rest.slice(at - 80, at + 160))}\n  this: ${JSON.stringify(b.rest.slice(at - 80, at + 160))}`,
    );
  }
} finally {
  await Promise.all([base.stop(), next.stop()]);
}
for (const [what, list] of dataChanges) console.log(`hydration data ${what}on ${list.length} pages, e.g. ${list[0]}`);
console.log(
  `${paths.length} pages, ${differ} differ outside their hydration data, ${textDiffers} in its text (byte for byte, clock normalised)`,
);
