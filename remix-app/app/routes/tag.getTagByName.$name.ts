/** GET /tag/getTagByName/{name} → the tag, or 404. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { tagNamed } from '@fso/core';
import { respond } from '~/services/respond.server.ts';

export async function loader({ context, params }: LoaderFunctionArgs) {
  return respond(await tagNamed(context.ports, { name: params.name ?? '' }), (tag) => tag);
}
