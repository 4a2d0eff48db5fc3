/** POST /question/lockQuestion {qid, locked} → the question (issue 41); moderators only. A locked question takes no answers, comments, votes or edits. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { lockQuestion } from '@fso/core';
import { lockQuestionSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, lockQuestionSchema);
  const input = { questionId: Number(body.qid), locked: body.locked };
  return respond(await lockQuestion(context.ports, callerOf(context, actor), input), (q) => q);
}
