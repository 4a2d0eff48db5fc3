/** GET /user/getMailSettings → the caller's address, the one waiting for confirmation, mail settings per kind and watched tags. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { mailPreferencesOf } from '@fso/core';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request, context);
  return respond(await mailPreferencesOf(context.ports, callerOf(context, actor)), (v) => v);
}
