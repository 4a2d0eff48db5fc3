/** GET /tag/suggestTags?prefix=&limit= → existing tags starting with prefix, most used first: [{name, qcnt}]. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { suggestTags } from '@fso/db';
import { parseWith, tagSuggestQuerySchema } from '@fso/shared';
import { ok, textError } from '~/services/http.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const query = parseWith(tagSuggestQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return textError(400, query.error);
  return ok(await suggestTags(context.database.db, query.data.prefix, query.data.limit));
}
