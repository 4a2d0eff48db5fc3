/**
 * Rows that decide nothing any more are deleted periodically (once at start, then hourly) by
 * every web process: expired sessions (they sign no one in) and rate-limit windows that have
 * ended (the next event starts a new window anyway). Without it both tables only grow. With the
 * database away a purge is skipped with a warning and the next one tries again.
 */
import { deleteEndedLimits, deleteExpiredSessions, type Database } from '@fso/db';
import { LONGEST_LIMIT_WINDOW_MS } from '@fso/shared';
import type { Logger } from '@fso/platform';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function purgeExpired(database: Database, log: Logger, intervalMs = PURGE_INTERVAL_MS): { stop(): void } {
  const attempt = (what: string, job: Promise<unknown>) => void job.catch((error: unknown) => log.warn({ err: error }, `${what} not purged; trying again later`));
  const purge = () => {
    const now = new Date();
    attempt('expired sessions', deleteExpiredSessions(database.db, now));
    attempt('ended rate-limit windows', deleteEndedLimits(database.db, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)));
  };
  const timer = setInterval(purge, intervalMs).unref();
  purge();
  return { stop: () => clearInterval(timer) };
}
