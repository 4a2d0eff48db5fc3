/**
 * The two servers a before/after of the page path compares (docs/decisions/0040, 0043): the base
 * build (`bench/out/build-base`, a web build of the base commit) with the patches this checkout
 * adds reversed while it starts, on the data set's copy `<database>_b`, and this checkout on the
 * data set itself; plus the pages both are asked for. Used by pages-paired.mjs (CPU per request)
 * and pages-compare.mjs (the documents byte for byte).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { root, startServer } from './lib.mjs';
import { SEARCHES } from './qa.mjs';

/**
 * The base server and this checkout's, started on `port` and `port + 2`; `patches` are the files
 * under patches/ this checkout adds or changes, `baseRef` the commit whose versions the base runs.
 */
export async function startPair({ url, patches, baseRef, port }) {
  const build = join(root, 'remix-app/build');
  const swapBuilds = (from, to) => {
    renameSync(build, join(root, 'bench/out', to));
    renameSync(join(root, 'bench/out', from), build);
  };
  const apply = (text, reverse) =>
    execFileSync('patch', ['-s', '-p1', ...(reverse ? ['-R'] : [])], { cwd: root, input: text });
  const ours = patches.map((file) => readFileSync(join(root, 'patches', file), 'utf8'));
  const theirs = patches.map((file) => {
    try {
      return execFileSync('git', ['show', `${baseRef}:patches/${file}`], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      return ''; // a patch the base does not have
    }
  });
  // toBase: ours reversed, the base's applied; and back.
  const patch = (toBase) =>
    patches.forEach((_, i) => {
      const [undo, redo] = toBase ? [ours[i], theirs[i]] : [theirs[i], ours[i]];
      if (undo) apply(undo, true);
      if (redo) apply(redo, false);
    });
  const env = { SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  patch(true);
  swapBuilds('build-base', 'build-new');
  let base;
  try {
    base = await startServer({ ...env, DATABASE_URL: `${url}_b` }, port);
  } finally {
    patch(false);
    swapBuilds('build-new', 'build-base');
  }
  const next = await startServer({ ...env, DATABASE_URL: url }, port + 2);
  return { base, next };
}

/** The pages compared: a random question, `/home`, and the search screen (`/home?search=`, two words). */
export async function pageRows(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const {
    rows: [range],
  } = await client.query('SELECT min(id)::int AS lo, max(id)::int AS hi FROM questions');
  await client.end();
  const randomId = () => range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));
  return [
    ['GET /question/:qid (random question)', () => `/question/${randomId()}`],
    ['GET /home', () => '/home'],
    ['GET /home?search= (two words)', () => '/home?search=quantum+state'],
  ];
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The REST question list as bench/qa.mjs asks for it (decision record 0056): two words, `[tag]` + a word, `[tag]` alone, the newest. */
export const restRows = () => [
  [
    'GET /question/getQuestion?search= (two words)',
    () => `/question/getQuestion?search=${encodeURIComponent(pick(SEARCHES))}&limit=50`,
  ],
  [
    'GET /question/getQuestion?search=[tag] words',
    () =>
      `/question/getQuestion?search=${encodeURIComponent(`[quantum-gate] ${pick(SEARCHES).split(' ')[1]}`)}&limit=50`,
  ],
  [
    'GET /question/getQuestion?search=[tag]',
    () => `/question/getQuestion?search=${encodeURIComponent('[quantum-gate]')}&limit=50`,
  ],
  ['GET /question/getQuestion?order=newest', () => '/question/getQuestion?order=newest&limit=50'],
];
