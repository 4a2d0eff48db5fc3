/**
 * Serial-voting reversal (issue 39 item 15): one UTC day's votes between accounts are read,
 * core's rule names those to reverse and the moderators' log entries, and in one transaction,
 * once per day (serial_vote_checks), they are deleted, their posts' scores lowered by exactly
 * the deleted values, their authors' reputation recounted and the entries appended. The posts
 * are locked before their votes, in the order a vote locks them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { decidedTransaction } from './decide.ts';
import { appendModLog, type ModLogInput } from './moderation-log.ts';
import { storeReputations, type ReputationRule } from './reputation.ts';
import { rows } from './sql-rows.ts';
import type { PostKind } from './votes.ts';

/** A vote cast that day on a post with an author (whose votes count is core's rule: `findSerialVotes`). */
export interface DayVote {
  post: PostKind;
  postId: number;
  voterId: number;
  voterName: string;
  authorId: number;
  authorName: string;
  value: 1 | -1;
}

/** What core decided: the votes to reverse and what the moderators' log says of them. */
export interface SerialDecision {
  reverse: DayVote[];
  log: ModLogInput[];
}

const TABLES = {
  question: { posts: sql`questions`, votes: sql`question_votes`, key: sql`question_id`, author: sql`asked_by` },
  answer: { posts: sql`answers`, votes: sql`answer_votes`, key: sql`answer_id`, author: sql`ans_by` },
} as const;

/** `day` (YYYY-MM-DD) as the half-open range of its UTC instants. */
const inDay = (day: string) =>
  sql`v.voted_at >= (${day}::date)::timestamp AT TIME ZONE 'UTC' AND v.voted_at < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

const dayVotes = (post: PostKind, day: string) => {
  const t = TABLES[post];
  return sql`SELECT ${post}::text AS post, p.id AS post_id, v.user_id AS voter_id, vu.username AS voter_name,
      au.id AS author_id, au.username AS author_name, v.value
    FROM ${t.votes} v JOIN ${t.posts} p ON p.id = v.${t.key}
      JOIN users vu ON vu.id = v.user_id JOIN users au ON au.id = p.${t.author}
    WHERE ${inDay(day)}`;
};

/**
 * Checks `day` unless a process already did: the number of votes reversed, or null when the day
 * was checked before.
 */
export async function reverseSerialVotesOn(
  db: Db,
  day: string,
  rules: { decide: (votes: DayVote[]) => SerialDecision; reputation: ReputationRule },
): Promise<number | null> {
  return decidedTransaction(db, async (tx) => {
    const claimed = await rows(
      tx,
      sql`INSERT INTO serial_vote_checks (day) VALUES (${day}::date) ON CONFLICT DO NOTHING RETURNING day`,
    );
    if (claimed.length === 0) return null;
    const found = await rows(tx, sql`${dayVotes('question', day)} UNION ALL ${dayVotes('answer', day)}`);
    const decision = rules.decide(
      found.map((r) => ({
        post: r.post as PostKind,
        postId: Number(r.post_id),
        voterId: Number(r.voter_id),
        voterName: String(r.voter_name),
        authorId: Number(r.author_id),
        authorName: String(r.author_name),
        value: Number(r.value) as 1 | -1,
      })),
    );
    let reversed = 0;
    for (const post of ['question', 'answer'] as const) {
      const t = TABLES[post];
      const votes = decision.reverse.filter((v) => v.post === post);
      if (votes.length === 0) continue;
      const ids = [...new Set(votes.map((v) => v.postId))].sort((a, b) => a - b);
      await tx.execute(
        sql`SELECT id FROM ${t.posts} WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id FOR UPDATE`,
      );
      for (const vote of votes) {
        // Only the vote as it was that day: one changed since has a later time and stays.
        const [gone] = await rows(
          tx,
          sql`DELETE FROM ${t.votes} v WHERE v.${t.key} = ${vote.postId} AND v.user_id = ${vote.voterId} AND ${inDay(day)}
              RETURNING v.value`,
        );
        if (!gone) continue;
        await tx.execute(sql`UPDATE ${t.posts} SET score = score - ${Number(gone.value)} WHERE id = ${vote.postId}`);
        reversed++;
      }
    }
    await storeReputations(
      tx,
      decision.reverse.map((v) => v.authorId),
      rules.reputation,
    );
    for (const entry of decision.log) await appendModLog(tx, entry);
    await tx.execute(sql`UPDATE serial_vote_checks SET reversed = ${reversed} WHERE day = ${day}::date`);
    return reversed;
  });
}
