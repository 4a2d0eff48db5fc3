/**
 * GET /messaging/getMessages?limit=&before=|after= → one page of the global room, oldest
 * first: the newest page by default, older with `before=<id>`, missed ones with `after=<id>`.
 * The room's total is in X-Total-Count. Signed-in users only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { roomMessages } from '@fso/core';
import { ok, requestedMessagePage } from '~/services/http.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const page = await roomMessages(context.ports, requestedMessagePage(new URL(request.url)));
  return ok(page.messages, { 'X-Total-Count': String(page.total) });
}
