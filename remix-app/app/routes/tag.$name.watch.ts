/** A tag page's Watch button (POST `on`=1|0, a form): watches or unwatches, then back to the tag's questions. */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { watchTag } from '@fso/core';
import { formFields } from '~/services/forms.server.ts';
import { failureResponse } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  const outcome = await watchTag(context.ports, callerOf(context, actor), {
    name: params.name ?? '',
    watch: fields.on === '1',
  });
  return outcome.ok ? redirect(`/home?tag=${encodeURIComponent(outcome.value.name)}`) : failureResponse(outcome);
}
