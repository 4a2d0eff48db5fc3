/**
 * POST /post/previewMarkdown {text} → {html}: the text rendered as a post is stored (the same
 * renderer, sanitiser and caps), so the preview is what will be shown, or the post's refusal.
 * Signed-in users only, counted against the rate limit before the body is read.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, previewPost } from '@fso/core';
import { previewBodySchema } from '@fso/shared';
import { methodNotAllowed, ok, readJson, requireMethod } from '~/services/http.server.ts';
import { failureResponse } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const admitted = await admit(context.ports, callerOf(context, actor), 'markdownPreview');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, previewBodySchema);
  const rendered = await previewPost(context.ports, admitted.value, body);
  return rendered.ok ? ok({ html: rendered.value }) : failureResponse(rendered);
}
