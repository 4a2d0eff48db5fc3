/** The REST revisions paths differ only in the post; this is their loader. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { revisions, type Post } from '@fso/core';
import { pageNumber, requireId } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

/** GET /question/getRevisions/:qid, /answer/getRevisions/:aid (`param` names the id) with `?page=`. */
export function revisionsLoader(post: Post, param: 'qid' | 'aid') {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const user = await requireApiUser(request, context);
    const page = pageNumber(new URL(request.url));
    return respond(
      await revisions(context.ports, callerOf(context, user), { post, id: requireId(params[param]), page }),
      (found) => found.revisions,
      (found) => ({ 'X-Total-Count': String(found.total) }),
    );
  };
}
