/** GET /user/getUser/{username} → the public profile of one user, or 404. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { findUser } from '@fso/db';
import { MSG } from '@fso/shared';
import { ok, textError } from '~/services/http.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await findUser(context.database.db, params.username ?? '');
  if (!found) return textError(404, MSG.userNotFound);
  const { id: _id, ...user } = found;
  return ok(user);
}
