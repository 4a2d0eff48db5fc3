/**
 * POST /chat/createChat {participants, messages} → the chat of the two participants (one of
 * them the signed-in user), created unless the pair already has one, which is returned.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { startChat } from '@fso/core';
import { createChatBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, createChatBodySchema);
  return respond(await startChat(context.ports, callerOf(context, actor), body), (chat) => chat);
}
