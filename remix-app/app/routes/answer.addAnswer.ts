/** POST /answer/addAnswer {qid, ans: {text, ansBy, …}} → the new answer; counted against the rate limit before the body is read. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, answerQuestion } from '@fso/core';
import { addAnswerBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const admitted = await admit(context.ports, callerOf(context, actor), 'answer');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, addAnswerBodySchema);
  const { text, ansBy } = body.ans;
  return respond(await answerQuestion(context.ports, admitted.value, { qid: Number(body.qid), text, ansBy }), (a) => a);
}
