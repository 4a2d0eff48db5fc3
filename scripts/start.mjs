#!/usr/bin/env node
/**
 * `npm start`: installs dependencies when missing, builds the web app when its sources (the
 * screens, or the shared, markdown, core or game-engine packages) are newer than the build, then runs
 * the site through entry/main.ts (WEB_CONCURRENCY web processes and the realtime one, on the
 * embedded PostgreSQL server in DATA_DIR unless DATABASE_URL is set) with the V8 flags of
 * node-flags.mjs, which the processes it forks inherit. The processes run bundled, as plain
 * JavaScript (scripts/build-server.mjs, rebuilt at every start). Plain Node until dependencies
 * are installed, so it runs on a fresh clone.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_FLAGS } from './node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const serverBuild = join(root, 'remix-app/build/server/index.js');
// Everything the bundles are built from: the screens, and the packages they import (the game
// rules run in the browser too, so a changed rule must never ship in a stale client bundle).
const sources = Math.max(
  ...['remix-app/app', 'packages/shared/src', 'packages/markdown/src', 'packages/core/src', 'game-engine/src'].map(
    (dir) => newest(join(root, dir)),
  ),
);
if (!existsSync(serverBuild) || statSync(serverBuild).mtimeMs < sources) {
  console.log('Building the web app…');
  run('npm', ['run', 'build']);
}

// The processes run bundled (no tsx loader thread in each: ~50 MB a process); bundling takes a
// second, in a process of its own so that esbuild's service does not stay beside this one.
run(process.execPath, ['scripts/build-server.mjs']);
const child = spawn(process.execPath, [...NODE_FLAGS, 'build/processes/main.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
