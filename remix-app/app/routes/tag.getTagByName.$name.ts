/** GET /tag/getTagByName/{name} → the tag, or 404. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { findTagByName } from '@fso/db';
import { MSG, TAG_NAME_STORED_MAX } from '@fso/shared';
import { ok, textError } from '~/services/http.server.ts';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const name = params.name?.trim() ?? '';
  if (!name || name.length > TAG_NAME_STORED_MAX) return textError(404, MSG.tagNotFound);
  const tag = await findTagByName(context.database.db, name);
  return tag ? ok(tag) : textError(404, MSG.tagNotFound);
}
