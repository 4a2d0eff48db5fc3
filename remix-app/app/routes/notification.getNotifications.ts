/**
 * GET /notification/getNotifications?limit=&offset= → one page of the signed-in user's
 * notifications, newest first, with X-Total-Count and X-Unread-Count.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ok, pageLimit, pageOffset } from '~/services/http.server.ts';
import { inboxOf } from '~/services/notifications.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const page = await inboxOf(context, actor, { limit, offset: pageOffset(url, limit) });
  return ok(page.notifications, { 'X-Total-Count': String(page.total), 'X-Unread-Count': String(page.unread) });
}
