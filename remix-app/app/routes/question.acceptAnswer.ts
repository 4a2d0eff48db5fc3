/** POST /question/acceptAnswer {qid, aid} → {qid, acceptedAnswer}; the same answer again un-accepts it. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { acceptAnswer } from '@fso/core';
import { acceptAnswerBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, acceptAnswerBodySchema);
  return respond(
    await acceptAnswer(context.ports, callerOf(context, actor), {
      questionId: Number(body.qid),
      answerId: Number(body.aid),
    }),
    (v) => v,
  );
}
