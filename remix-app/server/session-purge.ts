/**
 * Expired sessions are deleted periodically (once at start, then hourly) by every web process.
 * A session past its expiry already signs no one in; purging keeps the table to live ones.
 * With the database away a purge is skipped with a warning and the next one tries again.
 */
import { deleteExpiredSessions, type Database } from '@fso/db';
import type { Logger } from '@fso/platform';

export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function purgeExpiredSessions(database: Database, log: Logger, intervalMs = SESSION_PURGE_INTERVAL_MS): { stop(): void } {
  const purge = () => {
    deleteExpiredSessions(database.db).catch((error: unknown) => log.warn({ err: error }, 'expired sessions not purged; trying again later'));
  };
  const timer = setInterval(purge, intervalMs).unref();
  purge();
  return { stop: () => clearInterval(timer) };
}
