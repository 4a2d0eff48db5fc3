/** POST /theme — remembers the reader's light or dark theme in a cookie and goes back to the page. */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { parseWith, themeFormSchema } from '@fso/shared';
import { formFields } from '~/services/forms.server.ts';
import { textError } from '~/services/http.server.ts';
import { safeRedirectTo } from '~/services/session.server.ts';
import { themeCookieHeader } from '~/services/theme.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = parseWith(themeFormSchema, await formFields(request));
  if (!parsed.ok) return textError(400, parsed.message);
  return redirect(safeRedirectTo(parsed.value.redirectTo), {
    headers: { 'Set-Cookie': await themeCookieHeader(context, parsed.value.theme) },
  });
}
