/**
 * Suspending an account and lifting a suspension (the rule: core's `decideSuspension`). The
 * account's row is locked, the decision made on what it holds now, and the suspension stored
 * with its log entry and the account's notice in one transaction.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { succeed, type Result, type Role } from '@fso/shared';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { storeModerationNotice, type ModerationNotice } from './closing.ts';
import type { Decide } from './decide.ts';
import { appendModLog } from './moderation-log.ts';

/** The account a suspension is decided on; null: no such user. */
export type SuspensionSeen = { id: number; username: string; role: Role; suspendedUntil: Date | null } | null;

/** Until when the account is suspended from now on (null: lifted); `changed` false: nothing to store or log. */
export interface SuspensionDecision {
  until: Date | null;
  changed: boolean;
}

export async function changeSuspension(
  db: Db,
  change: { username: string; reason: string; moderator: { id: number; name: string }; at: Date },
  decide: Decide<SuspensionSeen, SuspensionDecision>,
  notice: (decision: SuspensionDecision, userId: number) => ModerationNotice,
): Promise<Result<SuspensionDecision & { userId: number; username: string; notified: number[] }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, username: users.username, role: users.role, suspendedUntil: users.suspendedUntil })
      .from(users)
      .where(eq(sql`lower(${users.username})`, change.username.toLowerCase()))
      .for('update');
    const decision = decide(row ?? null);
    if (!decision.ok || !row) return decision as Result<never>;
    const d = decision.value;
    const done = (notified: number[]) => succeed({ ...d, userId: row.id, username: row.username, notified });
    if (!d.changed) return done([]);
    await tx
      .update(users)
      .set({ suspendedUntil: d.until, suspensionReason: d.until ? change.reason : null })
      .where(eq(users.id, row.id));
    await appendModLog(tx, {
      moderator: change.moderator,
      action: d.until ? 'suspend' : 'unsuspend',
      target: { kind: 'user', id: row.id, label: row.username },
      reason: d.until ? change.reason : '',
      details: d.until ? { until: d.until.toISOString() } : {},
      at: change.at,
    });
    const notified = await storeModerationNotice(tx, { ...notice(d, row.id), actorId: change.moderator.id });
    return done(notified);
  });
}

/** The account's suspension if it lasts past `now`, else null. */
export async function suspensionInForce(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ until: Date; reason: string } | null> {
  const [row] = await db
    .select({ until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.suspendedUntil, now)));
  return row?.until ? { until: row.until, reason: row.reason ?? '' } : null;
}
