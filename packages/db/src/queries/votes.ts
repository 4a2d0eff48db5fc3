/**
 * Votes on questions and answers, one mechanism for both (the rule: core's `decideVote`). The
 * voter's row is held first (KEY SHARE: a deletion of the account waits for the vote, and a vote
 * after the deletion finds no voter), then the post's row is locked, so concurrent votes on it
 * are decided one after another, each on the vote the one before stored, and its score always
 * equals the sum of its vote rows; the reputations the decision names are stored in the same
 * transaction.
 */
import { sql } from 'drizzle-orm';
import type { Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Recount, type Rules } from './decide.ts';
import { QUESTION_LIMITS } from './question-read.ts';
import { storeReputations } from './reputation.ts';
import { idOrNull, rows } from './sql-rows.ts';

export type PostKind = 'question' | 'answer';

/** A voter's vote on a post: up, down, or none. */
export type VoteValue = 1 | -1 | 0;

const TABLES = {
  question: {
    posts: sql`questions`,
    votes: sql`question_votes`,
    key: sql`question_id`,
    // The post's author and whether its question is locked, the post's row locked.
    lock: (id: number) =>
      sql`SELECT asked_by AS author, locked_at IS NOT NULL AS locked FROM questions WHERE id = ${id} FOR UPDATE`,
  },
  answer: {
    posts: sql`answers`,
    votes: sql`answer_votes`,
    key: sql`answer_id`,
    lock: (id: number) =>
      sql`SELECT a.ans_by AS author, q.locked_at IS NOT NULL AS locked FROM answers a JOIN questions q ON q.id = a.question_id
          WHERE a.id = ${id} FOR UPDATE OF a`,
  },
} as const;

/** What a vote is decided on: whether the voter's account exists, the locked post (null: no such post) and the voter's vote on it now. */
export interface VoteSeen {
  voter: boolean;
  /** `author` null: the author's account is deleted; `locked`: its question is locked (issue 41). */
  post: { author: number | null; locked: boolean } | null;
  vote: VoteValue;
}

/** The voter's vote from now on. */
export interface VoteDecision extends Recount {
  vote: VoteValue;
}

export async function changeVote(
  db: Db,
  target: { post: PostKind; id: number; voterId: number },
  rules: Rules<VoteSeen, VoteDecision>,
): Promise<Result<VoteDecision>> {
  const t = TABLES[target.post];
  const mine = sql`${t.key} = ${target.id} AND user_id = ${target.voterId}`;
  return decidedTransaction(db, async (tx) => {
    const [voter] = await rows(tx, sql`SELECT id FROM users WHERE id = ${target.voterId} FOR KEY SHARE`);
    const [post] = voter ? await rows(tx, t.lock(target.id)) : [];
    const [previous] = post ? await rows(tx, sql`SELECT value FROM ${t.votes} WHERE ${mine}`) : [];
    const before = (previous ? Number(previous.value) : 0) as VoteValue;
    const decision = rules.decide({
      voter: voter !== undefined,
      post: post ? { author: idOrNull(post.author), locked: post.locked === true } : null,
      vote: before,
    });
    if (!decision.ok) return decision;
    const after = decision.value.vote;
    if (after !== before) {
      if (after === 0) await tx.execute(sql`DELETE FROM ${t.votes} WHERE ${mine}`);
      else
        await tx.execute(sql`INSERT INTO ${t.votes} (${t.key}, user_id, value) VALUES (${target.id}, ${target.voterId}, ${after})
          ON CONFLICT (${t.key}, user_id) DO UPDATE SET value = EXCLUDED.value, voted_at = now()`);
      await tx.execute(sql`UPDATE ${t.posts} SET score = score + ${after - before} WHERE id = ${target.id}`);
    }
    await storeReputations(tx, decision.value.recount, rules.reputation);
    return decision;
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
