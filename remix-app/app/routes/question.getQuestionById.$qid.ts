/**
 * GET /question/getQuestionById/{qid}?username= → the populated question. A signed-in
 * caller's first visit counts a view (the session decides who viewed, not `username`), unless a
 * browser fetched it as an image or any other part of a page (issue 39 item 13).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { viewQuestion } from '@fso/core';
import { openedAsPage, requireId } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, getSessionUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = requireId(params.qid);
  const viewer = await getSessionUser(request, context);
  return respond(
    await viewQuestion(context.ports, callerOf(context, viewer), { questionId: id, countView: openedAsPage(request) }),
    (question) => question,
  );
}
