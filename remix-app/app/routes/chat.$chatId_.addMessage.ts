/** POST /chat/{chatId}/addMessage {msg, msgFrom, msgDateTime} → the chat, populated as GET /chat/{chatId} answers it; participants only. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { postChatMessage } from '@fso/core';
import { chatMessageBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireId, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const chatId = requireId(params.chatId);
  const body = await readJson(request, chatMessageBodySchema);
  return respond(await postChatMessage(context.ports, callerOf(context, actor), { chatId, ...body }), (chat) => chat);
}
