/** GET /tag/suggestTags?prefix=&limit= → existing tags starting with prefix, most used first: [{name, qcnt}]. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { suggestTags } from '@fso/db';
import { parseWith, tagSuggestQuerySchema } from '@fso/shared';
import { ok, textError } from '~/services/http.server.ts';
import { failureResponse } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const query = parseWith(tagSuggestQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return textError(400, query.error);
  const limited = await context.ports.limiter.hit('tagSuggest', callerOf(context, actor));
  if (limited) return failureResponse(limited);
  return ok(await suggestTags(context.database.db, query.data.prefix, query.data.limit));
}
