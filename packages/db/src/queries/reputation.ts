/**
 * Storing reputation (docs/decisions/0020). The rule is core's (`reputationOf`, passed in as a
 * `ReputationRule`); this module counts the facts it reads, per user, from the vote and accept
 * rows (and an imported account's base, decision record 0099), and stores what the rule makes of
 * them on the user row, inside the transaction of the write that changed those rows, so the
 * stored value always equals a recount.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from './sql-rows.ts';

/**
 * What a user's reputation is counted from, as the rows say it: votes and accepts on their posts
 * (and how many of those are their own doing), the accepts on their questions, moderators'
 * penalties and their approved suggested edits, on top of what an imported account brought.
 * Whose votes and accepts count is core's rule.
 */
export interface ReputationFacts {
  /** Reputation earned on the site an imported account came from (users.reputation_base; 0 for others, decision record 0099). */
  base: number;
  /** Upvotes and downvotes on their questions and answers, by anybody. */
  upvotes: number;
  downvotes: number;
  /** Of those, the ones they cast themselves. */
  ownUpvotes: number;
  ownDownvotes: number;
  /** Their answers that are accepted, by any asker. */
  acceptedAnswers: number;
  /** Answers they accepted on their questions, anybody's. */
  acceptsGiven: number;
  /** Their own answers they accepted on their own questions (counted in both of the above). */
  ownAccepts: number;
  /** Their spam or rude posts deleted by a moderator (reputation_penalties). */
  penalties: number;
  /** Their suggested edits that were approved. */
  approvedEdits: number;
}

/** Core's rule: a user's reputation from their facts. */
export type ReputationRule = (facts: ReputationFacts) => number;

/** A post author's votes (`v`) up and down, and those they cast on their own posts (`u`: the author). */
const VOTE_COUNTS = sql`count(*) FILTER (WHERE v.value = 1) AS up, count(*) FILTER (WHERE v.value = -1) AS down,
  count(*) FILTER (WHERE v.value = 1 AND v.user_id = u.id) AS own_up, count(*) FILTER (WHERE v.value = -1 AND v.user_id = u.id) AS own_down`;

/** Each listed user's facts, counted from the vote and accept rows. */
const countFacts = (
  ids: number[],
) => sql`SELECT u.id, u.reputation_base AS base, qv.up + av.up AS upvotes, qv.down + av.down AS downvotes,
    qv.own_up + av.own_up AS own_upvotes, qv.own_down + av.own_down AS own_downvotes,
    (SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id AND q.accepted_answer_id = a.id
     WHERE a.ans_by = u.id) AS accepted_answers,
    (SELECT count(*) FROM questions q JOIN answers a ON a.id = q.accepted_answer_id WHERE q.asked_by = u.id) AS accepts_given,
    (SELECT count(*) FROM questions q JOIN answers a ON a.id = q.accepted_answer_id
     WHERE q.asked_by = u.id AND a.ans_by = u.id) AS own_accepts,
    (SELECT count(*) FROM reputation_penalties p WHERE p.user_id = u.id) AS penalties,
    (SELECT count(*) FROM suggested_edits s WHERE s.suggested_by = u.id AND s.outcome = 'approved') AS approved_edits
  FROM users u,
    LATERAL (SELECT ${VOTE_COUNTS} FROM questions q JOIN question_votes v ON v.question_id = q.id WHERE q.asked_by = u.id) qv,
    LATERAL (SELECT ${VOTE_COUNTS} FROM answers a JOIN answer_votes v ON v.answer_id = a.id WHERE a.ans_by = u.id) av
  WHERE u.id = ANY(${sql.param(ids)}::bigint[])`;

/**
 * Stores the reputation of these users as `rule` makes it of their facts. Their rows are locked
 * first (in id order, so two writers never deadlock) and the facts are counted by a later
 * statement, so under READ COMMITTED it sees every vote committed by a writer that held the lock
 * before us. The lock is NO KEY UPDATE: a vote row's foreign key holds KEY SHARE on its voter,
 * who may be the author another writer is recounting, and FOR UPDATE would deadlock with it.
 */
export async function storeReputations(
  tx: Tx,
  userIds: readonly (number | null)[],
  rule: ReputationRule,
): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  await tx.execute(sql`SELECT id FROM users WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id FOR NO KEY UPDATE`);
  const counted = await rows(tx, countFacts(ids));
  if (counted.length === 0) return;
  const values = sql.join(
    counted.map(
      (r) =>
        sql`(${Number(r.id)}::bigint, ${rule({
          base: Number(r.base),
          upvotes: Number(r.upvotes),
          downvotes: Number(r.downvotes),
          ownUpvotes: Number(r.own_upvotes),
          ownDownvotes: Number(r.own_downvotes),
          acceptedAnswers: Number(r.accepted_answers),
          acceptsGiven: Number(r.accepts_given),
          ownAccepts: Number(r.own_accepts),
          penalties: Number(r.penalties),
          approvedEdits: Number(r.approved_edits),
        })}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE users u SET reputation = v.reputation FROM (VALUES ${values}) AS v(id, reputation) WHERE u.id = v.id`,
  );
}

/** The authors of the posts a user voted on (themself too, when they did on their own): whose reputation deleting those votes may change. */
export async function authorsVotedOnBy(tx: Tx, userId: number): Promise<number[]> {
  const found = await rows(
    tx,
    sql`SELECT q.asked_by AS id FROM question_votes v JOIN questions q ON q.id = v.question_id WHERE v.user_id = ${userId} AND q.asked_by IS NOT NULL
        UNION SELECT a.ans_by FROM answer_votes v JOIN answers a ON a.id = v.answer_id WHERE v.user_id = ${userId} AND a.ans_by IS NOT NULL`,
  );
  return found.map((r) => Number(r.id));
}
