/**
 * What the stored counters must equal, counted again in JavaScript from the rows alone: each
 * user's reputation (an imported account's base plus the vote and accept rows, by DESIGN's rule) and each post's score (the sum
 * of its vote rows). db's tests of votes, accepts and deletions compare the stored ones with these.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/client.ts';
import { rows } from '../src/queries/sql-rows.ts';

/** Every user's reputation recounted from the vote and accept rows, by username. */
export async function recountReputations(db: Db): Promise<Record<string, number>> {
  const all = (query: SQL) => rows(db, query);
  const users = await all(sql`SELECT id, username, reputation_base FROM users`);
  const questions = await all(sql`SELECT id, asked_by, accepted_answer_id FROM questions`);
  const answers = await all(sql`SELECT id, ans_by FROM answers`);
  const qVotes = await all(sql`SELECT question_id, user_id, value FROM question_votes`);
  const aVotes = await all(sql`SELECT answer_id, user_id, value FROM answer_votes`);
  const points = new Map<number, number>();
  const add = (user: unknown, n: number) =>
    user !== null && points.set(Number(user), (points.get(Number(user)) ?? 0) + n);
  const askers = new Map(questions.map((q) => [Number(q.id), q.asked_by]));
  const answerers = new Map(answers.map((a) => [Number(a.id), a.ans_by]));
  for (const v of qVotes)
    if (Number(askers.get(Number(v.question_id))) !== Number(v.user_id))
      add(askers.get(Number(v.question_id)), Number(v.value) === 1 ? 10 : -2);
  for (const v of aVotes)
    if (Number(answerers.get(Number(v.answer_id))) !== Number(v.user_id))
      add(answerers.get(Number(v.answer_id)), Number(v.value) === 1 ? 10 : -2);
  for (const q of questions) {
    if (q.accepted_answer_id === null) continue;
    const answerer = answerers.get(Number(q.accepted_answer_id));
    if (Number(answerer) === Number(q.asked_by)) continue;
    add(answerer, 15);
    add(q.asked_by, 2);
  }
  return Object.fromEntries(
    users.map((u) => [
      String(u.username),
      Math.max(1, 1 + Number(u.reputation_base) + (points.get(Number(u.id)) ?? 0)),
    ]),
  );
}

/** Every user's stored reputation, by username. */
export async function storedReputations(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await rows(db, sql`SELECT username, reputation FROM users`)).map((u) => [
      String(u.username),
      Number(u.reputation),
    ]),
  );
}

/** The posts whose stored score is not the sum of their vote rows, with both numbers (none: all agree). */
export async function scoresOffTheirVotes(db: Db): Promise<{ post: string; stored: number; votes: number }[]> {
  const off = await rows(
    db,
    sql`SELECT 'question ' || q.id AS post, q.score AS stored, coalesce(sum(v.value), 0) AS votes
          FROM questions q LEFT JOIN question_votes v ON v.question_id = q.id GROUP BY q.id HAVING q.score <> coalesce(sum(v.value), 0)
        UNION ALL
        SELECT 'answer ' || a.id, a.score, coalesce(sum(v.value), 0)
          FROM answers a LEFT JOIN answer_votes v ON v.answer_id = a.id GROUP BY a.id HAVING a.score <> coalesce(sum(v.value), 0)`,
  );
  return off.map((r) => ({ post: String(r.post), stored: Number(r.stored), votes: Number(r.votes) }));
}
