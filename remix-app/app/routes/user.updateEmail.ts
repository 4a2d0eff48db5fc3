/** PATCH /user/updateEmail {username, email} → 200 {message}; owner only: a confirmation link goes to the new address. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { requestEmailChange } from '@fso/core';
import { updateEmailSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, updateEmailSchema);
  return respond(await requestEmailChange(context.ports, callerOf(context, actor), input), (v) => v);
}
