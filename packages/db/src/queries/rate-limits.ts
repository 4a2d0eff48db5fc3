/**
 * Fixed-window rate limiting in the database, so every instance shares one count.
 * `hitLimit` records one event and answers, in the same statement, whether it was still within
 * the limit (check and count are one atomic step); `checkLimit` only reads. Both answer how
 * long until the window resets. `uncountLimit` takes one event back.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rateLimits } from '../schema/index.ts';

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitState {
  allowed: boolean;
  retryAfterSeconds: number;
}

function stateOf(row: { count: number; windowStart: Date } | undefined, limit: Limit, now: Date): LimitState {
  if (!row || now.getTime() - row.windowStart.getTime() >= limit.windowMs) return { allowed: true, retryAfterSeconds: 0 };
  const retry = Math.ceil((row.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);
  return { allowed: row.count < limit.max, retryAfterSeconds: Math.max(1, retry) };
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
