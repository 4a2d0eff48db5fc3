/**
 * Fixed-window rate limiting in the database, so every instance shares one count.
 * `hitLimit` records one event and answers, in the same statement, whether it was still within
 * the limit (check and count are one atomic step); `checkLimit` only reads. Both answer how
 * long until the window resets, and when it ends. `uncountLimit` takes one event back;
 * `deleteEndedLimits` drops the rows of windows that have ended (they decide nothing any more).
 */
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rateLimits } from '../schema/index.ts';

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitState {
  allowed: boolean;
  retryAfterSeconds: number;
  /** When the key's current window ends (a new one starts at the next event); `now` without a window. */
  windowEndsAt: Date;
}

function stateOf(row: { count: number; windowStart: Date } | undefined, limit: Limit, now: Date): LimitState {
  if (!row || now.getTime() - row.windowStart.getTime() >= limit.windowMs)
    return { allowed: true, retryAfterSeconds: 0, windowEndsAt: now };
  const windowEndsAt = new Date(row.windowStart.getTime() + limit.windowMs);
  const retry = Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000);
  return { allowed: row.count < limit.max, retryAfterSeconds: Math.max(1, retry), windowEndsAt };
}

export async function checkLimit(db: Db, key: string, limit: Limit, now = new Date()): Promise<LimitState> {
  const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return stateOf(rows[0], limit, now);
}

/** Counts one event atomically (a new window starts when the old one has passed). */
export async function hitLimit(db: Db, key: string, limit: Limit, now = new Date()): Promise<LimitState> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  const row = rows[0]!;
  return stateOf({ count: row.count - 1, windowStart: row.windowStart }, limit, now);
}

export async function uncountLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the rows whose window started at or before `startedBy` (now minus the longest window); answers how many went. */
export async function deleteEndedLimits(db: Db, startedBy: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.windowStart, startedBy))
    .returning({ key: rateLimits.key });
  return gone.length;
}
