/** POST /user/confirmEmail {token} → 200 {username, email}: the link's address becomes the account's (no session needed). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { confirmEmail } from '@fso/core';
import { confirmEmailSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, confirmEmailSchema);
  return respond(await confirmEmail(context.ports, callerOf(context, null), input), (v) => v);
}
