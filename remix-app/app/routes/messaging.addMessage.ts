/** POST /messaging/addMessage {messageToAdd: {msg, msgFrom, msgDateTime}} → the stored message (time set by the server). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { postRoomMessage } from '@fso/core';
import { addMessageBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, addMessageBodySchema);
  return respond(await postRoomMessage(context.ports, callerOf(context, actor), body.messageToAdd), (msg) => msg);
}
