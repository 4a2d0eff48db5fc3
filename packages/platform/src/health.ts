/**
 * Health for a platform (docs/deploy.md): `GET /livez` says the process is up and serving (200
 * while it runs); `GET /healthz` says it can do its work: 503 with Retry-After while its
 * PostgreSQL server does not answer, 200 again once it does; in split mode, 200 with a body
 * starting `degraded` while the bus between processes is down (docs/decisions/0093). The
 * database is probed in the background (every second), so answering a health check never waits for it.
 */
import { databaseReachable, type Database } from '@fso/db';
import { DATABASE_RETRY_AFTER_SECONDS } from './request-failure.ts';
import { MSG } from '@fso/shared';
import type { Logger } from './logging.ts';

export const PROBE_INTERVAL_MS = 1000;

export interface DatabaseWatch {
  readonly up: boolean;
  stop(): void;
}

export function watchDatabase(database: Database, log: Logger, intervalMs = PROBE_INTERVAL_MS): DatabaseWatch {
  let up = true;
  let probing = false;
  const probe = async () => {
    if (probing) return;
    probing = true;
    const now = await databaseReachable(database, intervalMs * 2);
    probing = false;
    if (now && !up) log.info('database reachable again');
    if (!now && up) log.error('database unreachable');
    up = now;
  };
  const timer = setInterval(() => void probe(), intervalMs).unref();
  return {
    get up() {
      return up;
    },
    stop: () => clearInterval(timer),
  };
}

/** The answer to a health path, or null for any other path. */
export function healthAnswer(
  path: string,
  watch: DatabaseWatch,
  bus?: { readonly up: boolean },
): { status: number; text: string; headers: Record<string, string> } | null {
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (path === '/livez') return { status: 200, text: 'ok', headers: plain };
  if (path !== '/healthz') return null;
  if (!watch.up)
    return {
      status: 503,
      text: MSG.databaseUnavailable,
      headers: { ...plain, 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  // Still 200: every instance shares the bus, so a 503 would take the whole site out (decision 0093).
  return { status: 200, text: bus && !bus.up ? MSG.busDegraded : 'ok', headers: plain };
}
