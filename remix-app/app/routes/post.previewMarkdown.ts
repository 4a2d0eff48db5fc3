/**
 * POST /post/previewMarkdown {text} → {html}: the text rendered by the same renderer and
 * sanitiser that store a post, so the preview is what will be shown. Signed-in users only.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { previewBodySchema } from '@fso/shared';
import { methodNotAllowed, ok, readJson, requireMethod, textError } from '~/services/http.server.ts';
import { renderMarkdown } from '~/services/markdown.server.ts';
import { overLimit } from '~/services/rate-limit.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, previewBodySchema);
  const limited = await overLimit(context, 'markdownPreview', { userId: actor.userId });
  if (limited) return textError(limited.status, limited.error, limited.headers);
  return ok({ html: renderMarkdown(body.text) });
}
