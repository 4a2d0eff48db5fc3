#!/usr/bin/env node
/**
 * Idle memory of `npm start` before and after the sentence model (issue 44): this checkout's
 * `npm start` on --data (a data folder whose questions are embedded, so nothing loads the model
 * at start), then the PSS of its whole tree (treePssMb: node processes, postgres and its backends)
 * by process, at three moments: --idle s after /healthz; --idle s after a natural-language search
 * has loaded the model; and the model's idle period (--unload s) + --idle s after that search.
 * Then times a search (a new text, so the model loads again) and one more, and counts their hits.
 *   node bench/start-idle.mjs --data /tmp/demo [--port 4705] [--idle 60] [--unload 300]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { npmStart, processTree, pssKb, root } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '4705' },
    idle: { type: 'string', default: '60' },
    unload: { type: 'string', default: '300' },
  },
});
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** What a process of the tree is, from its command line. */
const ROLES = [
  ['start.mjs', /scripts\/start\.mjs/],
  ['primary', /processes\/main\.mjs/],
  ['realtime', /processes\/realtime\.mjs/],
  ['web', /processes\/web\.mjs/],
  ['postgres', /postgres/],
];

/** PSS in MB of the tree by role (the web processes summed), and in all. */
function memory(rootPid) {
  const mb = {};
  for (const pid of processTree(rootPid).keys()) {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const role = ROLES.find(([, pattern]) => pattern.test(command))?.[0] ?? 'other';
    mb[role] = (mb[role] ?? 0) + pssKb(pid) / 1024;
  }
  const rounded = Object.fromEntries(Object.entries(mb).map(([role, v]) => [role, Math.round(v)]));
  return { ...rounded, total: Math.round(Object.values(mb).reduce((a, b) => a + b, 0)) };
}

/** A natural-language search: its time, and the questions it links to. */
async function search(base, text) {
  const started = Date.now();
  const html = await fetch(`${base}/search?text=${encodeURIComponent(text)}`).then((r) => r.text());
  return { ms: Date.now() - started, hits: html.match(/href="\/question\/\d+"/g) ?? [] };
}

const site = await npmStart('this', root, args.data, Number(args.port));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
try {
  await sleep(Number(args.idle));
  console.log(JSON.stringify({ moment: 'fresh start, no model', load: load(), ...memory(site.pgid) }));
  const first = await search(site.base, 'why does my react effect run two times');
  console.log(JSON.stringify({ moment: 'first search (loads the model)', ms: first.ms, hits: first.hits.length }));
  await sleep(Number(args.idle));
  console.log(JSON.stringify({ moment: 'model loaded, idle', load: load(), ...memory(site.pgid) }));
  await sleep(Number(args.unload));
  console.log(JSON.stringify({ moment: 'after the idle period', load: load(), ...memory(site.pgid) }));
  const again = await search(site.base, 'postgres text search that ignores word endings');
  const warm = await search(site.base, 'who wins nim with a single pile');
  console.log(
    JSON.stringify({
      moment: 'search after the unload (loads the model again)',
      ms: again.ms,
      hits: again.hits.length,
      thenWarm: warm.ms,
      warmHits: warm.hits.length,
    }),
  );
} finally {
  site.stop();
}
