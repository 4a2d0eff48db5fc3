/**
 * Reputation (Stack Overflow's rules, docs/decisions/0020): +10 per upvote received on a
 * question or answer, −2 per downvote received, +15 for an accepted answer, +2 to the asker who
 * accepted someone else's answer, starting at 1 and never below 1. It is stored on the user row
 * and recomputed from the vote and accept rows by every write that changes them, inside that
 * write's transaction, so it always equals a recount.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from './sql-rows.ts';

/** The recount for the user row aliased `u`: what `users.reputation` must equal. */
export const REPUTATION_RECOUNT = sql`greatest(1, 1
  + coalesce((SELECT sum(CASE WHEN v.value = 1 THEN 10 ELSE -2 END) FROM questions q JOIN question_votes v ON v.question_id = q.id
              WHERE q.asked_by = u.id AND v.user_id <> u.id), 0)
  + coalesce((SELECT sum(CASE WHEN v.value = 1 THEN 10 ELSE -2 END) FROM answers a JOIN answer_votes v ON v.answer_id = a.id
              WHERE a.ans_by = u.id AND v.user_id <> u.id), 0)
  + 15 * (SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id AND q.accepted_answer_id = a.id WHERE a.ans_by = u.id AND q.asked_by IS DISTINCT FROM u.id)
  + 2 * (SELECT count(*) FROM questions q JOIN answers a ON a.id = q.accepted_answer_id WHERE q.asked_by = u.id AND a.ans_by IS DISTINCT FROM u.id))::int`;

/**
 * Recomputes the reputation of these users. Their rows are locked first (in id order, so two
 * writers never deadlock) and the recount runs as a later statement, so under READ COMMITTED it
 * sees every vote committed by a writer that held the lock before us. The lock is NO KEY UPDATE:
 * a vote row's foreign key holds KEY SHARE on its voter, who may be the author another writer
 * is recounting, and FOR UPDATE would deadlock with it.
 */
export async function recomputeReputation(tx: Tx, userIds: (number | null)[]): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  await tx.execute(sql`SELECT id FROM users WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id FOR NO KEY UPDATE`);
  await tx.execute(
    sql`UPDATE users u SET reputation = ${REPUTATION_RECOUNT} WHERE u.id = ANY(${sql.param(ids)}::bigint[])`,
  );
}

/** The authors of the posts a user voted on: whose reputation deleting that user's votes changes. */
export async function authorsVotedOnBy(tx: Tx, userId: number): Promise<number[]> {
  const found = await rows(
    tx,
    sql`SELECT q.asked_by AS id FROM question_votes v JOIN questions q ON q.id = v.question_id WHERE v.user_id = ${userId} AND q.asked_by IS NOT NULL
        UNION SELECT a.ans_by FROM answer_votes v JOIN answers a ON a.id = v.answer_id WHERE v.user_id = ${userId} AND a.ans_by IS NOT NULL`,
  );
  return found.map((r) => Number(r.id)).filter((id) => id !== userId);
}
