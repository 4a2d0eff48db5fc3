/** POST /question/addQuestion → the new question, populated (its `_id` takes the client home); counted against the rate limit before the body is read. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, askQuestion } from '@fso/core';
import { addQuestionBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const admitted = await admit(context.ports, callerOf(context, actor), 'question');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, addQuestionBodySchema);
  return respond(await askQuestion(context.ports, admitted.value, body), (q) => q);
}
