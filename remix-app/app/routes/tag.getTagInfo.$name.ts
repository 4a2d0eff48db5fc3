/** GET /tag/getTagInfo/{name} → the tag with its question count, excerpt and wiki (Markdown and HTML), or 404. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { tagInfo } from '@fso/core';
import { respond } from '~/services/respond.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  return respond(await tagInfo(context.ports, { name: params.name ?? '' }), (tag) => tag);
}
