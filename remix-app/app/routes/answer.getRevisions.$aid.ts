/** GET /answer/getRevisions/:aid → what the answer said before each edit, newest first. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { revisions } from '@fso/core';
import { requireId } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  return respond(await revisions(context.ports, 'answer', requireId(params.aid)), (list) => list);
}
