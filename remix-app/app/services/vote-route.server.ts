/** The REST vote paths differ only in the post and the vote's sign; these are their actions. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { voteAnswer, voteQuestion } from '@fso/core';
import { answerVoteBodySchema, MSG, namesActor, voteBodySchema } from '@fso/shared';
import { readJson, requireMethod, textError } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

/** POST /question/upvoteQuestion, downvoteQuestion {qid, username} → {upVotes, downVotes}. */
export function voteAction(value: 1 | -1) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, voteBodySchema);
    if (!namesActor(actor.username, body.username)) return textError(403, MSG.notAllowed);
    return respond(await voteQuestion(context.ports, callerOf(context, actor), Number(body.qid), value), (v) => v);
  };
}

/** POST /answer/upvoteAnswer, downvoteAnswer {aid} → {aid, upVotes, downVotes}. */
export function answerVoteAction(value: 1 | -1) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, answerVoteBodySchema);
    return respond(await voteAnswer(context.ports, callerOf(context, actor), Number(body.aid), value), (v) => v);
  };
}
