/**
 * Changing a user's role (the rule: core's `decideSetRole`). The target's row is locked, the
 * decision made on what it holds now, and the role stored with its log entry in one
 * transaction, so a log line never names a change that did not happen.
 */
import { eq, sql } from 'drizzle-orm';
import { succeed, type Result, type Role } from '@fso/shared';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import type { Decide } from './decide.ts';
import { appendModLog } from './moderation-log.ts';

/** The account a role change is decided on; null: no such user. */
export type RoleSeen = { id: number; username: string; role: Role } | null;

/** The role from now on; `changed` false: it already had it (nothing stored, nothing logged). */
export interface RoleDecision {
  role: Role;
  changed: boolean;
}

export async function changeRole(
  db: Db,
  change: { username: string; moderator: { id: number; name: string } | null; at?: Date },
  decide: Decide<RoleSeen, RoleDecision>,
): Promise<Result<RoleDecision & { userId: number; username: string; from: Role }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.username})`, change.username.toLowerCase()))
      .for('update');
    const decision = decide(row ?? null);
    if (!decision.ok || !row) return decision as Result<never>;
    const { role, changed } = decision.value;
    if (changed) {
      await tx.update(users).set({ role }).where(eq(users.id, row.id));
      await appendModLog(tx, {
        moderator: change.moderator,
        action: 'setRole',
        target: { kind: 'user', id: row.id, label: row.username },
        details: { from: row.role, to: role },
        at: change.at,
      });
    }
    return succeed({ role, changed, userId: row.id, username: row.username, from: row.role });
  });
}
