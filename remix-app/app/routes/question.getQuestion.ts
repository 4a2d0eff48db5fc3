/**
 * GET /question/getQuestion?order=&search=&tag=&limit=&offset= → one page of questions in the
 * SPEC §3 shape (answers and comments as ids, text as an excerpt), total in X-Total-Count
 * (with X-Total-Count-Capped: true when it is only a lower bound).
 * Public, like the /home screen, so crawlers and the spec's client can read it.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { questionPage } from '@fso/core';
import { parseWith, questionQuerySchema } from '@fso/shared';
import { okJson, pageLimit, pageOffset, textError } from '~/services/http.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseWith(questionQuerySchema, Object.fromEntries(url.searchParams));
  if (!query.ok) return textError(400, query.message);
  const limit = pageLimit(url);
  const found = await questionPage(context.ports, {
    ...query.value,
    order: query.value.order ?? (query.value.search ? undefined : 'newest'),
    limit,
    offset: pageOffset(url, limit),
  });
  // A search operator's value it cannot use (score:lots) is a 400 with the reason.
  if (!found.ok) return textError(400, found.message);
  const page = found.value;
  // Past COUNT_CAP matches the total is a lower bound, and the response says so. Each summary's
  // JSON is PostgreSQL's (decision record 0056): the page is only joined.
  return okJson(`[${page.questions.join(',')}]`, {
    'X-Total-Count': String(page.total),
    ...(page.totalCapped ? { 'X-Total-Count-Capped': 'true' } : {}),
  });
}
