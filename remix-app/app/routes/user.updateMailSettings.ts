/**
 * PATCH /user/updateMailSettings {answers?, mentions?, accepted?, messages?, watchedTags?}, each
 * immediately, daily, weekly or never → 200 with every kind's setting.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { updateMailSettings } from '@fso/core';
import { mailSettingsSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, mailSettingsSchema);
  return respond(await updateMailSettings(context.ports, callerOf(context, actor), input), (v) => v);
}
