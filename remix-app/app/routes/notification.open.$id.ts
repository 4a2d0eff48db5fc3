/**
 * GET /notification/open/:id: the inbox's links. Marks the signed-in user's notification read
 * and goes where it points (the answer, comment or chat); idempotent, like counting a view.
 * Fetched as an image or any other part of a page, it is refused and changes nothing (issue 39
 * item 13).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { openNotification } from '@fso/core';
import { MSG } from '@fso/shared';
import { openedAsPage, requireId, textError } from '~/services/http.server.ts';
import { statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  if (!openedAsPage(request)) throw textError(403, MSG.openAsPage);
  const opened = await openNotification(context.ports, callerOf(context, actor), { id: requireId(params.id) });
  if (!opened.ok) throw textError(statusOf(opened), opened.message);
  return redirect(opened.value.link);
}
