/**
 * POST /question/closeQuestion {qid, reason, duplicateOf?} → the question, with `closed` and its
 * pending `closeVotes` (issue 41): a moderator's vote closes it, others need the closeVote
 * privilege and 3 votes close it.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { closeQuestion } from '@fso/core';
import { closeQuestionSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, closeQuestionSchema);
  const input = {
    questionId: Number(body.qid),
    reason: body.reason,
    ...(body.duplicateOf === undefined ? {} : { duplicateOf: Number(body.duplicateOf) }),
  };
  return respond(await closeQuestion(context.ports, callerOf(context, actor), input), (r) => r.question);
}
