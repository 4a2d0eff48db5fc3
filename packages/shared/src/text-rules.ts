/**
 * What every free-text field accepts: no NUL character (PostgreSQL cannot store it), and text
 * that shows nothing (only spaces, zero-width or bidirectional-control characters) counts as
 * empty. One zod builder for every such field, so all of them refuse the same input alike.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';

// Zero-width and formatting characters that render as nothing: soft hyphen, combining grapheme
// joiner, Arabic letter mark, Hangul fillers, Mongolian vowel separator and variation selectors,
// zero-width space/joiners, LRM/RLM, bidi embeddings/overrides/isolates, word joiner and
// invisible operators, variation selectors, BOM.
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180D]|\u180F|[\uFE00-\uFE0F]/gu;

export const hasNul = (text: string) => text.includes('\u0000');

/** True when the text shows something: not only whitespace and invisible characters. */
export const isVisible = (text: string) => text.replace(INVISIBLE, '').trim().length > 0;

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A string with no NUL (the first check, so it wins over any other message). */
export const noNul = (schema: z.ZodString = z.string()) =>
  schema.refine((v) => !hasNul(v), { message: MSG.textHasNul, abort: true });

/** A trimmed free-text field: no NUL, not blank or invisible-only (`empty`), at most `max` characters. */
export function textField(rules: { empty: string; max: number; tooLong: string }) {
  return z.preprocess(
    trim,
    noNul().refine(isVisible, { message: rules.empty, abort: true }).max(rules.max, rules.tooLong),
  );
}
