/**
 * The no-JavaScript Markdown preview of the ask, answer and edit forms: when the "Preview" button
 * sent the form, the action answers the values and their body's rendering instead of posting.
 * It is held to the JSON preview's rate limit, counted before anything else, and to the post's
 * own text rules and rendering caps: a text the post would refuse gets the post's message, and no
 * rendering.
 */
import type { AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { admit, previewPost } from '@fso/core';
import { parseWith, PREVIEW_INTENT } from '@fso/shared';
import { callerOf, type SessionUser } from './session.server.ts';

export interface PreviewReply {
  values: Record<string, string>;
  preview?: string;
  errors?: Record<string, string>;
}

export async function previewInstead(
  context: AppLoadContext,
  actor: SessionUser,
  values: Record<string, string>,
  textSchema: z.ZodType<string>,
): Promise<PreviewReply | null> {
  if (values.intent !== PREVIEW_INTENT) return null;
  const admitted = await admit(context.ports, callerOf(context, actor), 'markdownPreview');
  if (!admitted.ok) return { errors: { form: admitted.message }, values };
  const text = parseWith(textSchema, values.text);
  if (!text.ok) return { errors: { text: text.message }, values };
  const rendered = await previewPost(context.ports, admitted.value, { text: text.value });
  if (!rendered.ok) return { errors: { [rendered.kind === 'invalid' ? 'text' : 'form']: rendered.message }, values };
  return { values, preview: rendered.value };
}
