/** POST /question/reopenQuestion {qid} → the question (issue 41): a moderator's vote reopens it, else 3 privileged votes. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { reopenQuestion } from '@fso/core';
import { reopenQuestionSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, reopenQuestionSchema);
  const input = { questionId: Number(body.qid) };
  return respond(await reopenQuestion(context.ports, callerOf(context, actor), input), (r) => r.question);
}
