/**
 * Removing a spammer (the rule: core's `decideSpammerRemoval`). Starting locks the account,
 * closes it in the same transaction (no password, no identities or reset links, no sessions:
 * it can no longer sign in) and writes the job with how much there is to remove. Each batch
 * is then its own transaction: it removes up to `size` of the account's votes (comment upvotes too), comments,
 * answers, questions or chat messages (in that order), keeping every score equal to its votes
 * (a vote's value is taken off its post) and answer counts right, and stores the reputation of
 * everyone whose votes or accepts went with them (and the spammer's) by core's rule, so each
 * reputation equals a recount after every batch. Posts are locked in id order, as every write
 * that touches several locks them; the job row is locked first, so one batch runs at a time.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import type { Decide } from './decide.ts';
import { storeReputations, type ReputationRule } from './reputation.ts';
import { rows, type Tx } from './sql-rows.ts';

/** The account a removal is asked for: its id and role, and whether it was removed already; null when there is none. */
export interface SpammerSeen {
  target: { id: number; role: string } | null;
}

export interface SpammerRemoval {
  jobId: number;
  userId: number;
  username: string;
  moderatorId: number | null;
  removed: number;
  total: number;
  done: boolean;
}

const toRemoval = (r: Record<string, unknown>): SpammerRemoval => ({
  jobId: Number(r.id),
  userId: Number(r.user_id),
  username: String(r.username),
  moderatorId: r.moderator_id === null ? null : Number(r.moderator_id),
  removed: Number(r.removed),
  total: Number(r.total),
  done: r.finished_at !== null,
});

const JOB = sql`SELECT j.id, j.user_id, u.username, j.moderator_id, j.removed, j.total, j.finished_at
  FROM spammer_removals j JOIN users u ON u.id = j.user_id`;

/** Closes the account and writes its removal job (an account already being removed answers its job as it is). */
export async function startSpammerRemoval(
  db: Db,
  target: { username: string; moderatorId: number },
  decide: Decide<SpammerSeen, unknown>,
): Promise<Result<SpammerRemoval>> {
  return db.transaction(async (tx) => {
    const [user] = await rows(
      tx,
      sql`SELECT id, role FROM users WHERE lower(username) = ${target.username.toLowerCase()} FOR UPDATE`,
    );
    const decision = decide({ target: user ? { id: Number(user.id), role: String(user.role) } : null });
    if (!decision.ok) return decision;
    const id = Number(user!.id);
    const [existing] = await rows(tx, sql`${JOB} WHERE j.user_id = ${id}`);
    if (existing) return succeed(toRemoval(existing));
    await tx.execute(sql`UPDATE users SET removed_at = now(), password_hash = NULL WHERE id = ${id}`);
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${id}`);
    await tx.execute(sql`DELETE FROM user_identities WHERE user_id = ${id}`);
    await tx.execute(sql`DELETE FROM account_tokens WHERE user_id = ${id}`);
    const [count] = await rows(
      tx,
      sql`SELECT (SELECT count(*) FROM question_votes WHERE user_id = ${id}) + (SELECT count(*) FROM answer_votes WHERE user_id = ${id})
        + (SELECT count(*) FROM comment_votes WHERE user_id = ${id})
        + (SELECT count(*) FROM comments WHERE comment_by = ${id}) + (SELECT count(*) FROM answers WHERE ans_by = ${id})
        + (SELECT count(*) FROM questions WHERE asked_by = ${id}) + (SELECT count(*) FROM messages WHERE msg_from = ${id}) AS n`,
    );
    const [job] = await rows(
      tx,
      sql`INSERT INTO spammer_removals (user_id, moderator_id, total) VALUES (${id}, ${target.moderatorId}, ${Number(count?.n ?? 0)}) RETURNING id`,
    );
    const [written] = await rows(tx, sql`${JOB} WHERE j.id = ${Number(job!.id)}`);
    return succeed(toRemoval(written!));
  });
}

/** An unfinished removal no live process holds (its lease ended), now leased to the caller for `leaseMs`; null when there is none. */
export async function claimSpammerRemoval(db: Db, leaseMs: number): Promise<SpammerRemoval | null> {
  const [claimed] = await rows(
    db,
    sql`UPDATE spammer_removals SET lease_until = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id = (SELECT id FROM spammer_removals WHERE finished_at IS NULL AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`,
  );
  if (!claimed) return null;
  const [job] = await rows(db, sql`${JOB} WHERE j.id = ${Number(claimed.id)}`);
  return job ? toRemoval(job) : null;
}

/** What one batch removed: the job's progress after it, and the questions it deleted (for live pages). */
export interface RemovalBatch {
  job: SpammerRemoval;
  deletedQuestions: number[];
}

/** Removes the next batch of up to `size` rows of the job's account; the job is done once nothing is left. */
export async function removeSpammerBatch(
  db: Db,
  job: { jobId: number; size: number; leaseMs: number },
  rule: ReputationRule,
): Promise<RemovalBatch> {
  return db.transaction(async (tx) => {
    const [locked] = await rows(
      tx,
      sql`SELECT user_id, finished_at FROM spammer_removals WHERE id = ${job.jobId} FOR UPDATE`,
    );
    if (!locked) throw new Error(`no spammer removal ${job.jobId}`);
    const userId = Number(locked.user_id);
    let step: Step = { removed: 0, recount: [], deletedQuestions: [] };
    if (locked.finished_at === null)
      for (const remove of STEPS) {
        step = await remove(tx, userId, job.size);
        if (step.removed > 0) break;
      }
    await storeReputations(tx, [...step.recount, userId], rule);
    await tx.execute(
      sql`UPDATE spammer_removals SET removed = least(total, removed + ${step.removed}),
            lease_until = now() + ${job.leaseMs} * interval '1 millisecond',
            finished_at = CASE WHEN ${step.removed} = 0 THEN coalesce(finished_at, now()) END
          WHERE id = ${job.jobId}`,
    );
    const [after] = await rows(tx, sql`${JOB} WHERE j.id = ${job.jobId}`);
    return { job: toRemoval(after!), deletedQuestions: step.deletedQuestions };
  });
}

interface Step {
  removed: number;
  /** Whose reputation the removed rows moved. */
  recount: number[];
  deletedQuestions: number[];
}

const ids = (found: Record<string, unknown>[], column = 'id') => found.map((r) => Number(r[column]));
const idArray = (list: number[]) => sql`${sql.param(list)}::bigint[]`;

/** The account's votes on one kind of post: each vote's value taken off its post's score, the posts' authors recounted. */
const removeVotes =
  (kind: 'question' | 'answer') =>
  async (tx: Tx, userId: number, size: number): Promise<Step> => {
    const [votes, posts, key, author] =
      kind === 'question'
        ? [sql`question_votes`, sql`questions`, sql`question_id`, sql`asked_by`]
        : [sql`answer_votes`, sql`answers`, sql`answer_id`, sql`ans_by`];
    const batch = ids(
      await rows(tx, sql`SELECT ${key} AS id FROM ${votes} WHERE user_id = ${userId} ORDER BY ${key} LIMIT ${size}`),
    );
    if (batch.length === 0) return { removed: 0, recount: [], deletedQuestions: [] };
    const authors = await rows(
      tx,
      sql`SELECT ${author} AS id FROM ${posts} WHERE id = ANY(${idArray(batch)}) ORDER BY id FOR UPDATE`,
    );
    await tx.execute(sql`WITH gone AS (DELETE FROM ${votes} WHERE user_id = ${userId} AND ${key} = ANY(${idArray(batch)}) RETURNING ${key} AS id, value)
      UPDATE ${posts} p SET score = p.score - gone.value FROM gone WHERE p.id = gone.id`);
    return { removed: batch.length, recount: ids(authors).filter(Boolean), deletedQuestions: [] };
  };

/** The account's comment upvotes (issue 42): no score or reputation moves, a comment's count is read from these rows. */
async function removeCommentVotes(tx: Tx, userId: number, size: number): Promise<Step> {
  const found = await rows(
    tx,
    sql`DELETE FROM comment_votes WHERE user_id = ${userId} AND comment_id IN (SELECT comment_id FROM comment_votes WHERE user_id = ${userId} ORDER BY comment_id LIMIT ${size}) RETURNING comment_id`,
  );
  return { removed: found.length, recount: [], deletedQuestions: [] };
}

async function removeComments(tx: Tx, userId: number, size: number): Promise<Step> {
  const found = await rows(
    tx,
    sql`DELETE FROM comments WHERE id IN (SELECT id FROM comments WHERE comment_by = ${userId} ORDER BY id LIMIT ${size}) RETURNING id`,
  );
  return { removed: found.length, recount: [], deletedQuestions: [] };
}

/** The account's answers: their questions' answer counts drop; askers who accepted one lose that accept's reputation. */
async function removeAnswers(tx: Tx, userId: number, size: number): Promise<Step> {
  const batch = await rows(
    tx,
    sql`SELECT id, question_id FROM answers WHERE ans_by = ${userId} ORDER BY question_id, id LIMIT ${size}`,
  );
  if (batch.length === 0) return { removed: 0, recount: [], deletedQuestions: [] };
  const answerIds = ids(batch);
  const askers = await rows(
    tx,
    sql`SELECT id, asked_by, accepted_answer_id = ANY(${idArray(answerIds)}) AS accepted FROM questions
        WHERE id = ANY(${idArray(ids(batch, 'question_id'))}) ORDER BY id FOR UPDATE`,
  );
  await tx.execute(sql`WITH gone AS (DELETE FROM answers WHERE id = ANY(${idArray(answerIds)}) RETURNING question_id, hidden)
    UPDATE questions q SET answer_count = q.answer_count - g.n
    FROM (SELECT question_id, count(*)::int AS n FROM gone WHERE hidden IS NULL GROUP BY question_id) g
    WHERE q.id = g.question_id`);
  return {
    removed: batch.length,
    recount: askers.filter((r) => r.accepted === true && r.asked_by !== null).map((r) => Number(r.asked_by)),
    deletedQuestions: [],
  };
}

/** The account's questions, with everything under them: whoever answered them loses those answers' votes and accepts. */
async function removeQuestions(tx: Tx, userId: number, size: number): Promise<Step> {
  const batch = ids(
    await rows(tx, sql`SELECT id FROM questions WHERE asked_by = ${userId} ORDER BY id LIMIT ${size} FOR UPDATE`),
  );
  if (batch.length === 0) return { removed: 0, recount: [], deletedQuestions: [] };
  const answerers = await rows(
    tx,
    sql`SELECT DISTINCT ans_by AS id FROM answers WHERE question_id = ANY(${idArray(batch)}) AND ans_by IS NOT NULL`,
  );
  await tx.execute(sql`DELETE FROM questions WHERE id = ANY(${idArray(batch)})`);
  return { removed: batch.length, recount: ids(answerers), deletedQuestions: batch };
}

async function removeMessages(tx: Tx, userId: number, size: number): Promise<Step> {
  const found = await rows(
    tx,
    sql`DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE msg_from = ${userId} ORDER BY id LIMIT ${size}) RETURNING id`,
  );
  return { removed: found.length, recount: [], deletedQuestions: [] };
}

const STEPS = [
  removeVotes('question'),
  removeVotes('answer'),
  removeCommentVotes,
  removeComments,
  removeAnswers,
  removeQuestions,
  removeMessages,
];

/** The latest removals, newest first (the moderators' screen shows their progress). */
export async function listSpammerRemovals(db: Db, limit: number): Promise<SpammerRemoval[]> {
  return (await rows(db, sql`${JOB} ORDER BY j.id DESC LIMIT ${limit}`)).map(toRemoval);
}
