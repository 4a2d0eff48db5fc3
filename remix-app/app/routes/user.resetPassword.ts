/**
 * PATCH /user/resetPassword {username, password} → owner only; ends the user's other sessions.
 * Also takes `currentPassword`; without it the change needs a sign-in within the last 10 minutes
 * (403 saying to confirm the current password otherwise); docs/decisions/0080.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { resetPassword } from '@fso/core';
import { resetPasswordSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, resetPasswordSchema);
  return respond(
    await resetPassword(context.ports, callerOf(context, actor), {
      username: input.username,
      password: input.password,
      currentPassword: input.currentPassword,
    }),
    (user) => user,
  );
}
