/**
 * Closing, reopening and locking questions (the rules: core's moderation/closing.ts). The
 * question's row is locked and its state and pending votes loaded; the decision is stored with
 * its log entry (a moderator's) and the author's notice in the same transaction. Also what a
 * write to a question's thread checks first (`postingState`, under a share lock) and the notice
 * a moderator's action leaves in its target's inbox.
 */
import { sql } from 'drizzle-orm';
import type { CloseReason, Result } from '@fso/shared';
import type { Db } from '../client.ts';
import type { Decide } from './decide.ts';
import { queueNotificationMails } from './mail-queue.ts';
import { appendModLog } from './moderation-log.ts';
import { idOrNull, rows, type Tx } from './sql-rows.ts';

export type ClosureVoteKind = 'close' | 'reopen';

export interface ClosureSeen {
  question: { id: number; closed: boolean; locked: boolean } | null;
  votes: { userId: number; username: string; reason: CloseReason | null; duplicateOf: number | null }[];
  targetExists?: boolean;
}

export type ClosureDecision =
  | { kind: 'vote'; pending: number }
  | { kind: 'close'; reason: CloseReason; duplicateOf: number | null; by: string[] }
  | { kind: 'reopen'; by: string[] };

/** What the stored decision touched: the question's title and author (notified), for the caller's events. */
export type ClosureOutcome = ClosureDecision & { title: string; authorId: number | null; notified: number[] };

/** A moderator's action as its author notice and log entry need it. */
export interface ModeratorAct {
  moderator: { id: number; name: string };
  /** Whether the actor is a moderator (their action is logged), or a voter. */
  logged: boolean;
  at: Date;
}

/** Core's notice of a moderator's action: whom it tells (never the actor: core's fan-out decides) and its words. */
export interface ModerationNotice {
  to: readonly number[];
  excerpt: string;
}

/** Writes the notice of a moderator's action into the inbox of each user it is `to` (kind `moderation`), in one statement; answers them. */
export async function storeModerationNotice(
  tx: Db | Tx,
  notice: ModerationNotice & { actorId: number; questionId?: number | null; answerId?: number | null },
): Promise<number[]> {
  if (notice.to.length === 0) return [];
  const inserted = await rows(
    tx,
    sql`INSERT INTO notifications (user_id, kind, actor_id, question_id, answer_id, excerpt)
        SELECT unnest(${sql.param([...notice.to])}::bigint[]), 'moderation', ${notice.actorId}::bigint,
          ${notice.questionId ?? null}::bigint, ${notice.answerId ?? null}::bigint, ${notice.excerpt}::text
        RETURNING id, user_id`,
  );
  await queueNotificationMails(
    tx,
    inserted.map((r) => Number(r.id)),
  );
  return inserted.map((r) => Number(r.user_id));
}

async function loadQuestion(tx: Tx, questionId: number) {
  const [q] = await rows(
    tx,
    sql`SELECT id, title, asked_by, closed_at IS NOT NULL AS closed, locked_at IS NOT NULL AS locked
        FROM questions WHERE id = ${questionId} FOR UPDATE`,
  );
  return q;
}

/**
 * A close or reopen vote by `act.moderator` on a question, decided under its lock. `notice` is
 * core's notice of a closure or reopening to the question's author (whom it tells, in what words).
 */
export async function changeClosure(
  db: Db,
  input: { questionId: number; kind: ClosureVoteKind; reason?: CloseReason; duplicateOf?: number },
  act: ModeratorAct,
  decide: Decide<ClosureSeen, ClosureDecision>,
  notice: (decision: ClosureDecision, title: string, authorId: number | null) => ModerationNotice,
): Promise<Result<ClosureOutcome>> {
  return db.transaction(async (tx) => {
    const q = await loadQuestion(tx, input.questionId);
    const votes = q
      ? await rows(
          tx,
          sql`SELECT v.user_id, u.username, v.reason, v.duplicate_of FROM close_votes v JOIN users u ON u.id = v.user_id
              WHERE v.question_id = ${input.questionId} AND v.kind = ${input.kind} ORDER BY v.created_at, v.user_id`,
        )
      : [];
    const target =
      input.duplicateOf === undefined
        ? undefined
        : (await rows(tx, sql`SELECT 1 FROM questions WHERE id = ${input.duplicateOf}`)).length > 0;
    const decision = decide({
      question: q ? { id: Number(q.id), closed: q.closed === true, locked: q.locked === true } : null,
      votes: votes.map((v) => ({
        userId: Number(v.user_id),
        username: String(v.username),
        reason: (v.reason ?? null) as CloseReason | null,
        duplicateOf: idOrNull(v.duplicate_of),
      })),
      ...(target === undefined ? {} : { targetExists: target }),
    });
    if (!decision.ok || !q) return decision as Result<never>;
    const d = decision.value;
    const title = String(q.title);
    const authorId = idOrNull(q.asked_by);
    const done = (notified: number[]): Result<ClosureOutcome> => ({
      ok: true,
      value: { ...d, title, authorId, notified },
    });
    if (d.kind === 'vote') {
      await tx.execute(sql`INSERT INTO close_votes (question_id, user_id, kind, reason, duplicate_of, created_at)
        VALUES (${input.questionId}, ${act.moderator.id}, ${input.kind}, ${input.reason ?? null}, ${input.duplicateOf ?? null}, ${act.at})`);
      return done([]);
    }
    if (d.kind === 'close')
      await tx.execute(sql`UPDATE questions SET closed_at = ${act.at}, closed_reason = ${d.reason},
        closed_duplicate_of = ${d.duplicateOf}, closed_by = ${sql.param(d.by)}::text[] WHERE id = ${input.questionId}`);
    else
      await tx.execute(sql`UPDATE questions SET closed_at = NULL, closed_reason = NULL, closed_duplicate_of = NULL,
        closed_by = '{}' WHERE id = ${input.questionId}`);
    await tx.execute(sql`DELETE FROM close_votes WHERE question_id = ${input.questionId}`);
    if (act.logged)
      await appendModLog(tx, {
        moderator: act.moderator,
        action: d.kind,
        target: { kind: 'question', id: input.questionId, label: title },
        reason: d.kind === 'close' ? d.reason : '',
        details: d.kind === 'close' && d.duplicateOf !== null ? { duplicateOf: d.duplicateOf } : {},
        at: act.at,
      });
    const notified = await storeModerationNotice(tx, {
      ...notice(d, title, authorId),
      actorId: act.moderator.id,
      questionId: input.questionId,
    });
    return done(notified);
  });
}

/** Locks or unlocks a question as decided, with its log entry and (on locking) core's notice to the author. */
export async function changeLock(
  db: Db,
  input: { questionId: number; locked: boolean },
  act: ModeratorAct,
  decide: Decide<{ locked: boolean } | null, { locked: boolean; changed: boolean }>,
  notice: (title: string, authorId: number | null) => ModerationNotice,
): Promise<Result<{ locked: boolean; changed: boolean; notified: number[] }>> {
  return db.transaction(async (tx) => {
    const q = await loadQuestion(tx, input.questionId);
    const decision = decide(q ? { locked: q.locked === true } : null);
    if (!decision.ok || !q) return decision as Result<never>;
    const { locked, changed } = decision.value;
    if (!changed) return { ok: true, value: { locked, changed, notified: [] } };
    await tx.execute(sql`UPDATE questions SET locked_at = ${locked ? act.at : null} WHERE id = ${input.questionId}`);
    const title = String(q.title);
    await appendModLog(tx, {
      moderator: act.moderator,
      action: locked ? 'lock' : 'unlock',
      target: { kind: 'question', id: input.questionId, label: title },
      at: act.at,
    });
    const notified = locked
      ? await storeModerationNotice(tx, {
          ...notice(title, idOrNull(q.asked_by)),
          actorId: act.moderator.id,
          questionId: input.questionId,
        })
      : [];
    return { ok: true, value: { locked, changed, notified } };
  });
}

/** A question's state as a write to its thread sees it, its row locked as the write's own UPDATE of it would (so a close or lock waits for the write, or the write for it). */
export async function postingState(
  tx: Tx,
  where: { questionId: number } | { answerId: number },
): Promise<{ questionId: number; closed: boolean; locked: boolean } | null> {
  const [q] =
    'questionId' in where
      ? await rows(
          tx,
          sql`SELECT id, closed_at IS NOT NULL AS closed, locked_at IS NOT NULL AS locked FROM questions WHERE id = ${where.questionId} FOR NO KEY UPDATE`,
        )
      : await rows(
          tx,
          sql`SELECT q.id, q.closed_at IS NOT NULL AS closed, q.locked_at IS NOT NULL AS locked
              FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = ${where.answerId} FOR NO KEY UPDATE OF q`,
        );
  return q ? { questionId: Number(q.id), closed: q.closed === true, locked: q.locked === true } : null;
}
