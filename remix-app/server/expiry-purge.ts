/**
 * Runs core's expiry purges (packages/core/src/expiry.ts: expired sessions, ended rate-limit
 * windows; mail/delivery.ts: old mails and links) in every web process: once at start, then hourly. With the database away a purge is
 * skipped with a warning and the next one tries again.
 */
import { purgeEndedLimits, purgeExpiredSessions, purgeOldMails, type Ports } from '@fso/core';
import type { Logger } from '@fso/platform';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function purgeExpired(
  ports: Pick<Ports, 'db' | 'clock'>,
  log: Logger,
  intervalMs = PURGE_INTERVAL_MS,
): { stop(): void } {
  const attempt = (what: string, job: Promise<unknown>) =>
    void job.catch((error: unknown) => log.warn({ err: error }, `${what} not purged; trying again later`));
  const purge = () => {
    attempt('expired sessions', purgeExpiredSessions(ports));
    attempt('ended rate-limit windows', purgeEndedLimits(ports));
    attempt('old mails and links', purgeOldMails(ports));
  };
  const timer = setInterval(purge, intervalMs).unref();
  purge();
  return { stop: () => clearInterval(timer) };
}
