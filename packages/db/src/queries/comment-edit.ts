/**
 * Editing a comment (the rule: core's `decideCommentEdit`): the comment's row is locked and what
 * the rule needs loaded (its author and when it was posted); a decided edit replaces its text and
 * stored HTML. Answers where the comment is, for the page's live update.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Decide } from './decide.ts';
import { commentPlace, type CommentPlace } from './post-delete.ts';
import { idOrNull, rows } from './sql-rows.ts';

/** A comment as its edit sees it: its author (null: a deleted account) and when it was posted; null when there is none. */
export type CommentEditSeen = { author: number | null; postedAt: Date } | null;

export async function editComment(
  db: Db,
  commentId: number,
  edit: { text: string; html?: string },
  decide: Decide<CommentEditSeen, unknown>,
): Promise<Result<CommentPlace>> {
  return decidedTransaction(db, async (tx) => {
    const [comment] = await rows(
      tx,
      sql`SELECT c.comment_by, c.comment_date_time, c.question_id, c.answer_id, coalesce(c.question_id, a.question_id) AS owner
          FROM comments c LEFT JOIN answers a ON a.id = c.answer_id WHERE c.id = ${commentId} FOR UPDATE OF c`,
    );
    const decision = decide(
      comment ? { author: idOrNull(comment.comment_by), postedAt: new Date(String(comment.comment_date_time)) } : null,
    );
    if (!decision.ok) return decision;
    await tx.execute(sql`UPDATE comments SET text = ${edit.text}, html = ${edit.html ?? null} WHERE id = ${commentId}`);
    return succeed(commentPlace(comment!));
  });
}

/** A comment's Markdown as its author's edit form starts from, with what the rule needs; null when there is none. */
export async function commentToEdit(
  db: Db,
  commentId: number,
): Promise<{ text: string; author: number | null; postedAt: Date } | null> {
  const [found] = await rows(db, sql`SELECT text, comment_by, comment_date_time FROM comments WHERE id = ${commentId}`);
  return found
    ? {
        text: String(found.text),
        author: idOrNull(found.comment_by),
        postedAt: new Date(String(found.comment_date_time)),
      }
    : null;
}
