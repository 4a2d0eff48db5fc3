/**
 * Deleting rows that decide nothing any more: expired sessions (they sign no one in) and
 * rate-limit windows that have ended (the next event starts a new window anyway). Without it
 * both tables only grow; each web process runs both periodically (remix-app/server/expiry-purge.ts).
 */
import { deleteEndedLimits, deleteExpiredSessions } from '@fso/db';
import { LONGEST_LIMIT_WINDOW_MS } from '@fso/shared';
import type { Ports } from './ports.ts';

type ExpiryPorts = Pick<Ports, 'db' | 'clock'>;

export const purgeExpiredSessions = (ports: ExpiryPorts): Promise<void> =>
  deleteExpiredSessions(ports.db, ports.clock());

/** Answers how many windows were deleted. */
export const purgeEndedLimits = (ports: ExpiryPorts): Promise<number> =>
  deleteEndedLimits(ports.db, new Date(ports.clock().getTime() - LONGEST_LIMIT_WINDOW_MS));
