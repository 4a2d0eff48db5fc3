/**
 * GET /chat/getChatsByUser/{username}?limit=&offset= → the signed-in user's own chats, most
 * recently active first, each with its participants and only its latest message; the number
 * of chats in X-Total-Count. Anybody else's list → 403.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { chatsOf } from '@fso/core';
import { pageLimit, pageOffset } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const outcome = await chatsOf(context.ports, callerOf(context, actor), {
    username: params.username ?? '',
    page: { limit, offset: pageOffset(url, limit) },
  });
  return respond(
    outcome,
    (v) => v.chats,
    (v) => ({ 'X-Total-Count': String(v.total) }),
  );
}
