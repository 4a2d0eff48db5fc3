/**
 * The moderators' log (schema/moderation.ts): `appendModLog` adds an entry, inside the
 * transaction of the action it records when given one; `listModLog` reads a page, newest first.
 * Rows are never changed or removed (a trigger refuses it).
 */
import { count, desc } from 'drizzle-orm';
import type { ModAction, ModLogEntry, ModTargetKind } from '@fso/shared';
import type { Db } from '../client.ts';
import { moderationLog } from '../schema/index.ts';
import type { Tx } from './sql-rows.ts';

export interface ModLogInput {
  /** Who acted; null: the command line. */
  moderator: { id: number; name: string } | null;
  action: ModAction;
  target: { kind: ModTargetKind; id: number; label: string };
  reason?: string;
  details?: Record<string, unknown>;
  at?: Date;
}

export async function appendModLog(db: Db | Tx, entry: ModLogInput): Promise<void> {
  await db.insert(moderationLog).values({
    moderatorId: entry.moderator?.id ?? null,
    moderatorName: entry.moderator?.name ?? null,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    reason: entry.reason ?? '',
    details: entry.details ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** One page of the log, newest first, and how many entries it has. */
export async function listModLog(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ entries: ModLogEntry[]; total: number }> {
  const [found, totals] = await Promise.all([
    db
      .select()
      .from(moderationLog)
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(moderationLog),
  ]);
  const entries = found.map((r): ModLogEntry => ({
    _id: String(r.id),
    at: r.createdAt.toISOString(),
    moderator: r.moderatorName,
    action: r.action as ModAction,
    target: { kind: r.targetKind as ModTargetKind, id: String(r.targetId), label: r.targetLabel },
    reason: r.reason,
    details: r.details,
  }));
  return { entries, total: totals[0]?.n ?? 0 };
}
