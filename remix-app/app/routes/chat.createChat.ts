/**
 * POST /chat/createChat {participants, messages} → the chat of the two participants (one of
 * them the signed-in user), created unless the pair already has one, which is returned.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { createChatBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { startChat } from '~/services/messaging.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, createChatBodySchema);
  return respond(await startChat(context, actor, body), (chat) => chat);
}
