/**
 * The PostgreSQL server the benchmarks run against when none is given (BENCH_DATABASE_URL):
 * a cluster of Debian's PostgreSQL 15 binaries in bench/out/pgdata on port 54330 (BENCH_PG_PORT), started for
 * the run and stopped after it. Its data stays between runs, so large data sets are built once.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const BIN = '/usr/lib/postgresql/15/bin';
const PORT = Number(process.env.BENCH_PG_PORT ?? 54330);
const dir = join(root, 'bench/out');
const data = join(dir, 'pgdata');

// PostgreSQL refuses to run as root: as root, run its binaries as the postgres user.
const asPostgres = (cmd, args) =>
  process.getuid?.() === 0
    ? spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { stdio: 'inherit' })
    : spawnSync(join(BIN, cmd), args, { stdio: 'inherit' });

/** Starts the cluster (creating it the first time); returns its URL, postmaster pid and a stop function, or null without binaries. */
export function startBenchPostgres() {
  if (!existsSync(join(BIN, 'pg_ctl'))) return null;
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(spawnSync('id', ['-u', 'postgres']).stdout),
      Number(spawnSync('id', ['-g', 'postgres']).stdout),
    );
  if (
    !existsSync(join(data, 'PG_VERSION')) &&
    asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust']).status !== 0
  )
    throw new Error('initdb failed');
  const started = asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_connections=200`,
    'start',
  ]);
  if (started.status !== 0) throw new Error(`PostgreSQL did not start; see ${join(dir, 'postgres.log')}`);
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${PORT}/postgres`,
    pid,
    stop: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', 'stop']),
  };
}
