/**
 * The no-JavaScript Markdown preview of the ask, answer and edit forms: when the "Preview" button
 * sent the form, the action answers the values and their body's rendering instead of posting.
 * It is held to the JSON preview's rate limit, counted before anything else, and to the post's
 * own text rules and rendering caps: a text the post would refuse gets the post's message, and no
 * rendering.
 */
import { data, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { admit, previewPost } from '@fso/core';
import { parseWith, PREVIEW_INTENT } from '@fso/shared';
import { POST_FORM, type ActionReply } from '~/components/action-reply.ts';
import { refusedBy } from './actions.server.ts';
import { callerOf, type SessionUser } from './session.server.ts';

export async function previewInstead(
  context: AppLoadContext,
  actor: SessionUser,
  values: Record<string, string>,
  textSchema: z.ZodType<string>,
) {
  if (values.intent !== PREVIEW_INTENT) return null;
  const admitted = await admit(context.ports, callerOf(context, actor), 'markdownPreview');
  if (!admitted.ok) return refusedBy(POST_FORM, admitted, { values });
  const text = parseWith(textSchema, values.text);
  if (!text.ok) return refusedBy(POST_FORM, text, { fields: { text: text.message }, values });
  const rendered = await previewPost(context.ports, admitted.value, { text: text.value });
  if (!rendered.ok)
    return refusedBy(
      POST_FORM,
      rendered,
      rendered.kind === 'invalid' ? { fields: { text: rendered.message }, values } : { values },
    );
  return data<ActionReply>({ ok: true, form: POST_FORM, values, preview: rendered.value });
}
