/** GET /review/getSuggestedEdits → the suggested edits waiting for review, oldest first (moderators and privileged users); total in X-Total-Count. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { suggestedEditQueue } from '@fso/core';
import { pageLimit, pageOffset } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  return respond(
    await suggestedEditQueue(context.ports, callerOf(context, actor), { limit, offset: pageOffset(url, limit) }),
    (page) => page.items,
    (page) => ({ 'X-Total-Count': String(page.total) }),
  );
}
