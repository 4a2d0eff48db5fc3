/**
 * Votes on questions and answers, one mechanism for both (DESIGN "Votes"): the same vote again
 * removes it, the other one switches it. The post's row is locked first, so concurrent votes on
 * it apply one after another and its score always equals the sum of its vote rows; nobody votes
 * on their own post; the author's reputation is recomputed in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { QUESTION_LIMITS } from './question-read.ts';
import { recomputeReputation } from './reputation.ts';
import { idOrNull, rows } from './sql-rows.ts';

export type PostKind = 'question' | 'answer';

const TABLES = {
  question: { posts: sql`questions`, votes: sql`question_votes`, key: sql`question_id`, author: sql`asked_by` },
  answer: { posts: sql`answers`, votes: sql`answer_votes`, key: sql`answer_id`, author: sql`ans_by` },
} as const;

/** `missing`: no such post; `own`: the voter wrote it. */
export type VoteOutcome = 'done' | 'missing' | 'own';

export async function castVote(
  db: Db,
  input: { post: PostKind; id: number; userId: number; value: 1 | -1 },
): Promise<VoteOutcome> {
  const t = TABLES[input.post];
  return db.transaction(async (tx) => {
    const [post] = await rows(tx, sql`SELECT ${t.author} AS author FROM ${t.posts} WHERE id = ${input.id} FOR UPDATE`);
    if (!post) return 'missing';
    const author = idOrNull(post.author);
    if (author === input.userId) return 'own';
    const [previous] = await rows(
      tx,
      sql`SELECT value FROM ${t.votes} WHERE ${t.key} = ${input.id} AND user_id = ${input.userId}`,
    );
    const before = previous ? Number(previous.value) : 0;
    const after = before === input.value ? 0 : input.value;
    if (after === 0)
      await tx.execute(sql`DELETE FROM ${t.votes} WHERE ${t.key} = ${input.id} AND user_id = ${input.userId}`);
    else
      await tx.execute(sql`INSERT INTO ${t.votes} (${t.key}, user_id, value) VALUES (${input.id}, ${input.userId}, ${after})
        ON CONFLICT (${t.key}, user_id) DO UPDATE SET value = EXCLUDED.value`);
    await tx.execute(sql`UPDATE ${t.posts} SET score = score + ${after - before} WHERE id = ${input.id}`);
    await recomputeReputation(tx, [author]);
    return 'done';
  });
}

/** An answer's voters and score, and the question it belongs to; null when there is no such answer. */
export async function answerVotes(
  db: Db,
  answerId: number,
): Promise<{ qid: string; upVotes: string[]; downVotes: string[]; score: number } | null> {
  const [answer] = await rows(
    db,
    sql`SELECT a.question_id, a.score,
          ARRAY(SELECT u.username FROM answer_votes v JOIN users u ON u.id = v.user_id WHERE v.answer_id = a.id AND v.value = 1 ORDER BY u.username LIMIT ${QUESTION_LIMITS.voters}) AS up_votes,
          ARRAY(SELECT u.username FROM answer_votes v JOIN users u ON u.id = v.user_id WHERE v.answer_id = a.id AND v.value = -1 ORDER BY u.username LIMIT ${QUESTION_LIMITS.voters}) AS down_votes
        FROM answers a WHERE a.id = ${answerId}`,
  );
  if (!answer) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    qid: String(answer.question_id),
    upVotes: list(answer.up_votes),
    downVotes: list(answer.down_votes),
    score: Number(answer.score),
  };
}
