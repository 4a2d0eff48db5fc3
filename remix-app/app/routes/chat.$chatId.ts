/**
 * GET /chat/{chatId}?limit=&before=|after= → the chat with one page of its messages (as
 * /messaging/getMessages pages), the chat's message total in X-Total-Count. Participants only
 * (403); a chat that does not exist → 404.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { openChat } from '@fso/core';
import { requestedMessagePage, requireId } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const outcome = await openChat(context.ports, callerOf(context, actor), {
    chatId: requireId(params.chatId),
    page: requestedMessagePage(new URL(request.url)),
  });
  return respond(
    outcome,
    (v) => v.chat,
    (v) => ({ 'X-Total-Count': String(v.total) }),
  );
}
