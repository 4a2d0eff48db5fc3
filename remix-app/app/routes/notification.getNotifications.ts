/**
 * GET /notification/getNotifications?limit=&offset= → one page of the signed-in user's
 * notifications, newest first, with X-Total-Count and X-Unread-Count.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { inboxOf } from '@fso/core';
import { pageLimit, pageOffset } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const outcome = await inboxOf(context.ports, callerOf(context, actor), { limit, offset: pageOffset(url, limit) });
  return respond(
    outcome,
    (page) => page.notifications,
    (page) => ({ 'X-Total-Count': String(page.total), 'X-Unread-Count': String(page.unread) }),
  );
}
