/**
 * Editing one's own comment for COMMENT_EDIT_MINUTES after posting it (issue 42): the rule
 * (`decideCommentEdit`, pure) and the use case that has db apply it under the comment's lock,
 * then publishes the new body and the post's comments.
 */
import * as db from '@fso/db';
import { commentEditable, MSG } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import { renderPost } from '../post-body.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { publishComments } from './deletions.ts';

/** Only its author edits a comment, and only within the window. */
export function decideCommentEdit(seen: db.CommentEditSeen, actorId: number, now: Date): Result<null> {
  if (!seen) return fail('notFound', MSG.commentNotFound);
  if (seen.author !== actorId) return fail('forbidden', MSG.notYourPost);
  if (!commentEditable(seen.postedAt, now)) return fail('conflict', MSG.commentEditTooLate);
  return succeed(null);
}

export async function editComment(
  ports: Ports,
  caller: Caller,
  input: { commentId: number; text: string },
): Promise<Result<{ cid: string }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const rendered = await renderPost(ports, input.text);
  if (!rendered.ok) return rendered;
  const html = rendered.value;
  const now = ports.clock();
  const edited = await db.editComment(ports.db, input.commentId, { text: input.text, html }, (seen) =>
    decideCommentEdit(seen, actor.userId, now),
  );
  if (!edited.ok) return edited;
  const cid = String(input.commentId);
  // A hidden question's changes reach no live page (issue 41); publishComments checks the same.
  if (await db.questionShown(ports.db, { questionId: edited.value.questionId }))
    ports.events.toQa('bodiesUpdate', { qid: String(edited.value.questionId), html: { [`c${cid}`]: html } });
  await publishComments(ports, edited.value);
  return succeed({ cid });
}

/** The text of the caller's own comment that they may still edit (its edit form's start), or null. */
export async function commentDraft(
  ports: Ports,
  caller: Caller,
  { commentId }: { commentId: number },
): Promise<string | null> {
  if (!caller.user) return null;
  const found = await db.commentToEdit(ports.db, commentId);
  const allowed = decideCommentEdit(found, caller.user.userId, ports.clock());
  return allowed.ok && found ? found.text : null;
}
