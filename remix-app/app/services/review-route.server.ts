/** The review queues' REST loaders (GET /review/getFlags, /review/getHeld): one page, total in X-Total-Count. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { reviewQueue, type ReviewQueue } from '@fso/core';
import { pageLimit, pageOffset } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

export async function reviewQueueLoader({ request, context }: LoaderFunctionArgs, queue: ReviewQueue) {
  const actor = await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  return respond(
    await reviewQueue(context.ports, callerOf(context, actor), { queue, limit, offset: pageOffset(url, limit) }),
    (page) => page.items,
    (page) => ({ 'X-Total-Count': String(page.total) }),
  );
}
