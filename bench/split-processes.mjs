#!/usr/bin/env node
/**
 * fly.toml's two processes (realtime, then web forwarding to it) as the deploy image ran them
 * before (the sources under tsx) and runs them now (scripts/build-server.mjs's bundles),
 * alternating, --rounds each: milliseconds to /healthz and each process's RSS after 20 page
 * loads and 3 s. On a fresh, migrated PostgreSQL database of DATABASE_URL's server. Prints a
 * RESULTS.md table.
 *   DATABASE_URL=postgres://… node bench/split-processes.mjs [--rounds 3]
 */
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadFact, machine, postgresDatabase, root, rssMb, stampLine, waitFor } from './lib.mjs';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const MODES = {
  'tsx (sources)': {
    realtime: ['--import', 'tsx', 'realtime/src/main.ts'],
    web: ['--import', 'tsx', 'remix-app/web.ts'],
  },
  bundled: { realtime: ['build/processes/realtime.mjs'], web: ['build/processes/web.mjs'] },
};
const REALTIME_PORT = 4711;
const WEB_PORT = 4712;

const database = await postgresDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: database, SESSION_SECRET: 's'.repeat(40) };
spawnSync('npm', ['run', '--silent', 'migrate'], { cwd: root, env, stdio: 'ignore' });
spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
const info = machine();
const loadBefore = loadFact();

/** One process started as the image starts it; resolves once /healthz answers. */
async function up(argv, port, extra = {}) {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...argv], {
    cwd: root,
    env: { ...env, PORT: String(port), ...extra },
    stdio: 'ignore',
  });
  return { child, ms: await waitFor(`http://127.0.0.1:${port}/healthz`) };
}

const rows = [];
for (let round = 0; round < Number(args.rounds); round++) {
  const order = round % 2 ? Object.keys(MODES).reverse() : Object.keys(MODES);
  for (const mode of order) {
    const realtime = await up(MODES[mode].realtime, REALTIME_PORT);
    const web = await up(MODES[mode].web, WEB_PORT, { REALTIME_URL: `http://127.0.0.1:${REALTIME_PORT}` });
    for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${WEB_PORT}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rows.push({ mode, realtime: [realtime.ms, rssMb(realtime.child.pid)], web: [web.ms, rssMb(web.child.pid)] });
    for (const { child } of [web, realtime]) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

console.log(`\n${stampLine(info, `${loadBefore} → ${loadFact()}`, `${args.rounds} rounds alternating`)}\n`);
console.log('| run as | realtime: ms to /healthz · RSS MB | web: ms to /healthz · RSS MB |');
console.log('|---|---|---|');
for (const mode of Object.keys(MODES)) {
  const cell = (side) =>
    rows
      .filter((row) => row.mode === mode)
      .map((row) => `${row[side][0]} · ${row[side][1]}`)
      .join(', ');
  console.log(`| ${mode} | ${cell('realtime')} | ${cell('web')} |`);
}
