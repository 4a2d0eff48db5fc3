/**
 * The no-JavaScript Markdown preview of the ask and answer forms: when the "Preview" button
 * sent the form, the action answers the values and their body's rendering instead of posting.
 */
import { renderMarkdown } from '@fso/core';
import { PREVIEW_INTENT } from '@fso/shared';

export function previewInstead(
  values: Record<string, string>,
): { values: Record<string, string>; preview: string } | null {
  return values.intent === PREVIEW_INTENT ? { values, preview: renderMarkdown(values.text ?? '') } : null;
}
