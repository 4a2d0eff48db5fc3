/** GET /tag/getTagsWithQuestionNumber?limit=&offset= → tags with `qcnt`, most used first; total in X-Total-Count. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { tagsWithCount } from '@fso/core';
import { ok, pageLimit, pageOffset } from '~/services/http.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const limit = pageLimit(url, 200);
  const page = await tagsWithCount(context.ports, { limit, offset: pageOffset(url, limit) });
  return ok(page.tags, { 'X-Total-Count': String(page.total) });
}
