/** POST /messaging/addMessage {messageToAdd: {msg, msgFrom, msgDateTime}} → the stored message (time set by the server). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { addMessageBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { postRoomMessage } from '~/services/messaging.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, addMessageBodySchema);
  return respond(await postRoomMessage(context, actor, body.messageToAdd), (msg) => msg);
}
