/**
 * Payloads of the writing help (docs/decisions/0023-reading-and-writing-help.md): the Markdown
 * preview (`POST /post/previewMarkdown`) and tag suggestions (`GET /tag/suggestTags`).
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { BODY_MAX, hyperlinksValid, TAG_LENGTH_MAX } from './qa.schemas.ts';

export const WRITING_MSG = {
  previewText: 'Send {"text": "..."} with the Markdown to preview.',
  previewTooLong: `The text to preview cannot be more than ${BODY_MAX} characters`,
  suggestPrefix: `Send ?prefix= with 1 to ${TAG_LENGTH_MAX} characters of a tag name.`,
  suggestLimit: 'limit must be a whole number from 1 to 20.',
} as const;

export const TAG_SUGGESTIONS_MAX = 20;

/** The intent of a post form's no-JavaScript "Preview" button: the action re-shows the form with the preview. */
export const PREVIEW_INTENT = 'preview';

/**
 * The text a preview shows: what a post may hold, links held to the post's rule (SPEC §5), so
 * the preview never shows a link that posting would refuse (issue 42); empty is fine.
 */
export const previewTextSchema = z
  .string({ error: WRITING_MSG.previewText })
  .max(BODY_MAX, WRITING_MSG.previewTooLong)
  .refine(hyperlinksValid, MSG.invalidHyperlink);

/** POST /post/previewMarkdown: the Markdown as it would be stored (empty is fine: an empty preview). */
export const previewBodySchema = z.object({ text: previewTextSchema }, { error: WRITING_MSG.previewText });

/** GET /tag/suggestTags?prefix=&limit=: part of a tag name, as typed (matched anywhere in a name). */
export const tagSuggestQuerySchema = z.object({
  prefix: z
    .string({ error: WRITING_MSG.suggestPrefix })
    .trim()
    .min(1, WRITING_MSG.suggestPrefix)
    .max(TAG_LENGTH_MAX, WRITING_MSG.suggestPrefix),
  limit: z.coerce
    .number({ error: WRITING_MSG.suggestLimit })
    .int(WRITING_MSG.suggestLimit)
    .min(1, WRITING_MSG.suggestLimit)
    .max(TAG_SUGGESTIONS_MAX, WRITING_MSG.suggestLimit)
    .default(8),
});

export interface TagSuggestion {
  name: string;
  qcnt: number;
}
