/**
 * GET /user/getUsers?filter=&limit=&after= → one page of users by name (never unbounded),
 * with the total in X-Total-Count. Signed-in users only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { listUsers } from '@fso/db';
import { ok, pageLimit } from '~/services/http.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const url = new URL(request.url);
  const page = await listUsers(context.database.db, {
    filter: url.searchParams.get('filter')?.trim().slice(0, 100) || undefined,
    after: url.searchParams.get('after') ?? undefined,
    limit: pageLimit(url),
  });
  return ok(page.users, { 'X-Total-Count': String(page.total) });
}
