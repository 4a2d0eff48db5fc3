/** The REST vote paths differ only in the post and the vote's sign (a comment's: cast or taken back); these are their actions. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { voteAnswer, voteComment, voteQuestion } from '@fso/core';
import { answerVoteBodySchema, commentVoteBodySchema, voteBodySchema } from '@fso/shared';
import { readJson, requireMethod } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

/** POST /question/upvoteQuestion, downvoteQuestion {qid, username} → {upVotes, downVotes}. */
export function voteAction(value: 1 | -1) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, voteBodySchema);
    const input = { questionId: Number(body.qid), value, username: body.username };
    return respond(await voteQuestion(context.ports, callerOf(context, actor), input), (v) => v);
  };
}

/** POST /answer/upvoteAnswer, downvoteAnswer {aid} → {aid, upVotes, downVotes}. */
export function answerVoteAction(value: 1 | -1) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, answerVoteBodySchema);
    const input = { answerId: Number(body.aid), value };
    return respond(await voteAnswer(context.ports, callerOf(context, actor), input), (v) => v);
  };
}

/** POST /comment/upvoteComment, unvoteComment {cid} → {cid, score, upvoted} (issue 42). */
export function commentVoteAction(upvote: boolean) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, commentVoteBodySchema);
    return respond(
      await voteComment(context.ports, callerOf(context, actor), { commentId: body.cid, upvote }),
      (v) => v,
    );
  };
}
