/** PATCH /user/updateBiography {username, biography} → the updated user; owner only. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { updateBiography } from '@fso/core';
import { updateBiographySchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, updateBiographySchema);
  return respond(
    await updateBiography(context.ports, callerOf(context, actor), {
      username: input.username,
      biography: input.biography,
    }),
    (user) => user,
  );
}
