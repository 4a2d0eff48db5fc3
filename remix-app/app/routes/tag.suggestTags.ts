/** GET /tag/suggestTags?prefix=&limit= → existing tags containing prefix, those starting with it first, then most used: [{name, qcnt}]. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { tagSuggestions } from '@fso/core';
import { parseWith, tagSuggestQuerySchema } from '@fso/shared';
import { textError } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  const query = parseWith(tagSuggestQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return textError(400, query.message);
  return respond(await tagSuggestions(context.ports, callerOf(context, actor), query.value), (tags) => tags);
}
