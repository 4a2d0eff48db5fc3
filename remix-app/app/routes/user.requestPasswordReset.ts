/**
 * POST /user/requestPasswordReset {username} (a username or an email address) → 200 with the
 * same text whether or not such an account exists; a reset link is mailed when it does.
 * Too many requests from one client address → 429.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { requestPasswordReset } from '@fso/core';
import { requestPasswordResetSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, requestPasswordResetSchema);
  return respond(await requestPasswordReset(context.ports, callerOf(context, null), input), (v) => v);
}
