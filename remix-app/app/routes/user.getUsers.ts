/**
 * GET /user/getUsers?filter=&limit=&after= → one page of users by name (never unbounded),
 * with the total in X-Total-Count; `sort=reputation` or `sort=new` (newest members) with `offset=`
 * pages them in that order instead (the SPEC's client sends neither, and gets names).
 * Signed-in users only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { usersPage } from '@fso/core';
import { USER_SORTS } from '@fso/shared';
import { ok, pageLimit, pageOffset } from '~/services/http.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const page = await usersPage(context.ports, {
    sort: USER_SORTS.find((s) => s === url.searchParams.get('sort')) ?? 'name',
    offset: pageOffset(url, limit),
    filter: url.searchParams.get('filter')?.trim().slice(0, 100) || undefined,
    after: url.searchParams.get('after') ?? undefined,
    limit,
  });
  return ok(page.users, { 'X-Total-Count': String(page.total) });
}
