/**
 * Test support: a PostgreSQL 15 server of a test's own (Debian's binaries, run as the
 * `postgres` user, its own port and socket folder, fsync off), which the test may stop —
 * `immediate` kills every connection mid-query, as a crash or a failover does — and start
 * again on the same port and data. Needs the binaries and root (to run them as postgres).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export const canRunPostgres = existsSync(`${PG_BIN}/initdb`) && process.getuid?.() === 0;

export interface ThrowawayPostgres {
  /** postgres://…/postgres on loopback. */
  url: string;
  start(): void;
  stop(mode: 'fast' | 'immediate'): void;
  /** Stops it (immediately) and deletes its files. */
  remove(): void;
}

function asPostgres(...args: string[]): void {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
}

export function throwawayPostgres(port: number): ThrowawayPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'fso-pg-'));
  spawnSync('chown', ['postgres', dir]);
  const ctl = (...args: string[]) =>
    asPostgres(`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', ...args);
  asPostgres(`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust');
  const server: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'),
    stop: (mode) => ctl('-m', mode, 'stop'),
    remove: () => {
      spawnSync('runuser', [
        '-u',
        'postgres',
        '--',
        `${PG_BIN}/pg_ctl`,
        '-D',
        `${dir}/data`,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
