/**
 * Comment upvotes (the rule: core's `decideCommentVote`). The voter's row is held first (KEY
 * SHARE, as a vote on a post holds it: an account deleted meanwhile waits, or is seen gone), then
 * the comment's row is locked, so concurrent upvotes of one comment are decided one after
 * another, each seeing the one before; the (comment, user) key refuses a second row anyway. A
 * comment's score is the count of its rows (migration 0077). Also: which comments a user upvoted.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Decide } from './decide.ts';
import { commentPlace, type CommentPlace } from './post-delete.ts';
import { idOrNull, rows } from './sql-rows.ts';

/** What an upvote is decided on: whether the voter's account exists, the comment (null: none shown) and whether the voter upvoted it. */
export interface CommentVoteSeen {
  voter: boolean;
  /** `author` null: a deleted account; `locked`: its question is locked (issue 41); `hidden`: flagged or held. */
  comment: { author: number | null; locked: boolean; hidden: boolean } | null;
  upvoted: boolean;
}

/** The voter's upvote from now on. */
export interface CommentVoteDecision {
  upvoted: boolean;
}

/** Casts or takes back the voter's upvote as decided; answers where the comment is, its score and the vote. */
export async function changeCommentVote(
  db: Db,
  target: { commentId: number; voterId: number },
  decide: Decide<CommentVoteSeen, CommentVoteDecision>,
): Promise<Result<CommentPlace & { score: number; upvoted: boolean; changed: boolean }>> {
  const { commentId, voterId } = target;
  return decidedTransaction(db, async (tx) => {
    const [voter] = await rows(tx, sql`SELECT id FROM users WHERE id = ${voterId} FOR KEY SHARE`);
    const [comment] = voter
      ? await rows(
          tx,
          sql`SELECT c.comment_by, c.question_id, c.answer_id, q.id AS owner, q.locked_at IS NOT NULL AS locked, c.hidden IS NOT NULL AS hidden
              FROM comments c LEFT JOIN answers a ON a.id = c.answer_id JOIN questions q ON q.id = coalesce(c.question_id, a.question_id)
              WHERE c.id = ${commentId} FOR UPDATE OF c`,
        )
      : [];
    const [had] = comment
      ? await rows(tx, sql`SELECT 1 FROM comment_votes WHERE comment_id = ${commentId} AND user_id = ${voterId}`)
      : [];
    const decision = decide({
      voter: voter !== undefined,
      comment: comment
        ? { author: idOrNull(comment.comment_by), locked: comment.locked === true, hidden: comment.hidden === true }
        : null,
      upvoted: had !== undefined,
    });
    if (!decision.ok) return decision;
    const { upvoted } = decision.value;
    const changed = upvoted !== (had !== undefined);
    if (changed && upvoted)
      await tx.execute(
        sql`INSERT INTO comment_votes (comment_id, user_id) VALUES (${commentId}, ${voterId}) ON CONFLICT DO NOTHING`,
      );
    if (changed && !upvoted)
      await tx.execute(sql`DELETE FROM comment_votes WHERE comment_id = ${commentId} AND user_id = ${voterId}`);
    const [count] = await rows(tx, sql`SELECT count(*) AS n FROM comment_votes WHERE comment_id = ${commentId}`);
    return succeed({ ...commentPlace(comment!), score: Number(count?.n ?? 0), upvoted, changed });
  });
}

/** Which of `commentIds` the user upvoted. */
export async function commentsUpvotedBy(db: Db, userId: number, commentIds: number[]): Promise<number[]> {
  if (commentIds.length === 0) return [];
  const found = await rows(
    db,
    sql`SELECT comment_id FROM comment_votes WHERE user_id = ${userId} AND comment_id = ANY(${sql.param(commentIds)}::bigint[])`,
  );
  return found.map((r) => Number(r.comment_id));
}
