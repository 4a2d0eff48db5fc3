/** POST /comment/addComment {id, type, comment: {text, commentBy, …}} → the updated question or answer; counted against the rate limit before the body is read. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { addComment, admit } from '@fso/core';
import { addCommentBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const admitted = await admit(context.ports, callerOf(context, actor), 'comment');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, addCommentBodySchema);
  return respond(
    await addComment(context.ports, admitted.value, {
      type: body.type,
      id: Number(body.id),
      text: body.comment.text,
      commentBy: body.comment.commentBy,
    }),
    (r) => r,
  );
}
