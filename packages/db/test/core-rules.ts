/**
 * db's tests of the writes that apply a rule (votes, accepts, edits, deletions, notifications)
 * apply core's own rules, so they test the locks, the stores and the recounts with the decisions
 * the site makes: each helper is the write as its use case calls it, for a user id (`notifyRule`:
 * core's fan-out, passed to the writes that notify).
 */
import {
  decideAccept,
  decideAccountDelete,
  decideAnswerDelete,
  decideChatAccess,
  decideCommentVote,
  decideDelete,
  decideEdit,
  decideQuestionDelete,
  decideUndelete,
  decideVote,
  notifyRule,
  reputationOf,
} from '@fso/core';
import { MSG, PRIVILEGES } from '@fso/shared';
import type { Db } from '../src/client.ts';
import { changeAccept } from '../src/queries/accept.ts';
import { changeCommentVote } from '../src/queries/comment-votes.ts';
import { addChatMessage, type Author } from '../src/queries/messages.ts';
import * as deletions from '../src/queries/post-delete.ts';
import { undeletePost as putBack } from '../src/queries/post-undelete.ts';
import * as edits from '../src/queries/post-edit.ts';
import { changeVote, type PostKind } from '../src/queries/votes.ts';
import { deleteUser } from '../src/queries/users.ts';

export { notifyRule, reputationOf };

export const castVote = (db: Db, input: { post: PostKind; id: number; userId: number; value: 1 | -1 }) =>
  changeVote(
    db,
    { post: input.post, id: input.id, voterId: input.userId },
    {
      decide: (seen) => decideVote(seen, { post: input.post, voterId: input.userId, value: input.value }),
      reputation: reputationOf,
    },
  );

/** A message to a chat, by core's rules (participants only; the others notified). */
export const postToChat = (db: Db, chatId: number, author: Author, msg: string) =>
  addChatMessage(db, chatId, author, msg, decideChatAccess, notifyRule);

export const acceptAnswer = (db: Db, input: { questionId: number; answerId: number; userId: number }) =>
  changeAccept(
    db,
    { questionId: input.questionId, answerId: input.answerId, actorId: input.userId },
    { decide: (seen) => decideAccept(seen, input.userId), reputation: reputationOf },
  );

/** `keep`: as the author's deletion on the site, kept for undeleting. */
export const deleteQuestion = (db: Db, input: { questionId: number; userId: number; keep?: boolean }) =>
  deletions.deleteQuestion(
    db,
    input.questionId,
    { decide: (seen) => decideQuestionDelete(seen, input.userId), reputation: reputationOf },
    input.keep ? { purgeBefore: new Date(0) } : undefined,
  );

export const deleteAnswer = (db: Db, input: { answerId: number; userId: number; keep?: boolean }) =>
  deletions.deleteAnswer(
    db,
    input.answerId,
    { decide: (seen) => decideAnswerDelete(seen, input.userId), reputation: reputationOf },
    input.keep ? { purgeBefore: new Date(0) } : undefined,
  );

export const undeletePost = (db: Db, input: { kind: 'question' | 'answer'; postId: number; userId: number }) =>
  putBack(
    db,
    { kind: input.kind, postId: input.postId },
    { decide: (seen) => decideUndelete(seen, input.userId, new Date()), reputation: reputationOf },
  );

export const deleteComment = (db: Db, input: { commentId: number; userId: number }) =>
  deletions.deleteComment(db, input.commentId, (seen) => decideDelete(seen, input.userId, MSG.commentNotFound));

export const editQuestion = (
  db: Db,
  input: { questionId: number; userId: number; title: string; text: string; tags: string[]; html?: string },
) => {
  const fields = { title: input.title, text: input.text, tags: input.tags };
  return edits.editQuestion(db, input.questionId, { ...fields, editorId: input.userId, html: input.html }, (seen) =>
    decideEdit(seen, { editorId: input.userId, privileged: false, fields }, MSG.questionNotFound),
  );
};

export const editAnswer = (db: Db, input: { answerId: number; userId: number; text: string; html?: string }) =>
  edits.editAnswer(db, input.answerId, { text: input.text, editorId: input.userId, html: input.html }, (seen) =>
    decideEdit(seen, { editorId: input.userId, privileged: false, fields: { text: input.text } }, MSG.answerNotFound),
  );

export const deleteAccount = (db: Db, userId: number) =>
  deleteUser(db, userId, { decide: decideAccountDelete, reputation: reputationOf });

/** A comment upvote (`upvote` false: taken back) by a user with `reputation` (the privilege's by default). */
export const voteComment = (
  db: Db,
  input: { commentId: number; userId: number; upvote?: boolean; reputation?: number },
) => {
  const caller = {
    user: {
      userId: input.userId,
      username: `user${input.userId}`,
      reputation: input.reputation ?? PRIVILEGES.commentUpvote,
    },
    ip: '198.51.100.1',
  };
  return changeCommentVote(db, { commentId: input.commentId, voterId: input.userId }, (seen) =>
    decideCommentVote(caller, seen, input.upvote ?? true),
  );
};
