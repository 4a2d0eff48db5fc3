#!/usr/bin/env node
/**
 * Whether a change to the page path keeps the documents the same (docs/decisions/0043): the base
 * and this checkout (pages-pair.mjs) are asked for the same pages, each pair at once, and the
 * documents compared byte for byte once the CSP nonce, the request's clock (`now`, relative
 * times) and the assets' content hashes are normalised (and the origin: the two listen on different ports); prints each page that differs, where.
 * Pages: 30 random questions (each also with `?sort=newest`), `/home` and its orders, a tag, a
 * later page, the search screen, and a question that does not exist. Usage:
 *   DATABASE_URL=postgres://…/pages_qa_100000 node bench/pages-compare.mjs --patches a.patch [--base main] [--port 3630]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPair } from './pages-pair.mjs';

const { values: args } = parseArgs({
  options: {
    patches: { type: 'string', default: '' },
    base: { type: 'string', default: 'main' },
    port: { type: 'string', default: '3630' },
    questions: { type: 'string', default: '30' },
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
  '/home?search=%5Bquantum-gate%5D+matrix',
  '/question/999999999',
  '/question/abc',
];

const normalise = (html) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN')
    .replace(/(\\?"now\\?",)\d+/g, '$1NOW')
    .replace(/\d+ (second|minute|hour|day|month|year)s? ago|just now/g, 'AGO')
    .replace(/-[\w-]{8}\.(js|css)/g, '-HASH.$1')
    .replace(/manifest-[0-9a-f]+\.js|"version": "[0-9a-f]+"/g, 'MANIFEST');

const { base, next } = await startPair({ url, patches: args.patches.split(',').filter(Boolean), baseRef: args.base, port: Number(args.port) });
let differ = 0;
try {
  for (const path of paths) {
    const [a, b] = await Promise.all([base, next].map((s) => fetch(s.base + path).then(async (r) => `${r.status}\n${normalise(await r.text())}`)));
    if (a === b) continue;
    differ++;
    let at = 0;
    while (a[at] === b[at]) at++;
    console.log(`${path}: differs at ${at} of ${a.length}/${b.length}\n  base: ${JSON.stringify(a.slice(at - 80, at + 160))}\n  this: ${JSON.stringify(b.slice(at - 80, at + 160))}`);
  }
} finally {
  await Promise.all([base.stop(), next.stop()]);
}
console.log(`${paths.length} pages, ${differ} differ`);
