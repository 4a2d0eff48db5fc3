/** POST /tag/updateTagWiki {name, excerpt, wiki} → the tag as it now reads; 403 below the privilege's reputation. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { editTagWiki } from '@fso/core';
import { tagWikiSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, tagWikiSchema);
  return respond(await editTagWiki(context.ports, callerOf(context, actor), body), (tag) => tag);
}
