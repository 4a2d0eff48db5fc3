/** GET /user/getUser/{username} → the public profile of one user, or 404. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { userProfile } from '@fso/core';
import { respond } from '~/services/respond.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  return respond(await userProfile(context.ports, { username: params.username ?? '' }), (found) => found.user);
}
