/**
 * Markdown source as one line of readable text, for search excerpts (docs/decisions/0023, 0060):
 * code fences, link targets, tags and markup dropped, whitespace made single spaces. Also the
 * start of that text read from the start of the source alone, when the source's start is
 * enough to know it (docs/decisions/0070), and what the passes delete between two letters.
 */
import { splitMatches } from './split-matches.ts';

const FENCE = /```[\s\S]*?(```|$)/g;
/** A link or image whose text holds no bracket: a clickable image `[![alt](src)](href)` is two, inner first. */
const LINK = /!?\[([^[\]]*)\]\([^)]*\)/g;
const TAG = /<[^>]*>/g;
const MARKUP = /[*_`#>~|]+/g;
/**
 * A TeX span as the site renders it (`$$…$$`, or `$…$` on one line, where `\$` is a dollar):
 * core's splitMath. Its `|`, `_` and `*` are TeX, not markup, so the markup pass keeps them.
 */
export const MATH_SPAN = /\$\$[\s\S]+?\$\$|\$(?:\\.|[^$\n\\])+?\$/g;
/**
 * A run of whitespace that is not already one plain space (a space followed by more whitespace,
 * or any other whitespace character with the run after it): what `/\s+/` → ' ' changes, without
 * rewriting every single space between words. Each alternative starts with one character test,
 * so the scan does not try a two-character run at every space (docs/decisions/0060).
 */
const WHITESPACE_RUN = / \s+|[^\S ]\s*/g;

/**
 * What the passes can delete between two characters that end up side by side in the plain text
 * (a pattern's source): markup characters, a link's `!` and `[`, and its `](target)`. Fences and
 * tags become a space, so nothing joins across them.
 */
export const DELETED_RUN = String.raw`(?:[*_\x60#>~|!\[]|\]\([^)]*\))*`;

/**
 * The passes after the fences'. A pass whose pattern cannot match (no "](" or "<") is skipped:
 * each pattern needs that text to match. With `whole` false the text is the start of a longer
 * one, and null is returned when a tag opened in it is not closed in it (the rest may close it).
 */
function inlinePasses(markdown: string, whole: boolean): string | null {
  let text = withoutLinks(markdown, whole);
  if (text === null) return null;
  if (text.includes('<')) {
    if (!whole && text.lastIndexOf('<') > text.lastIndexOf('>')) return null;
    text = text.replace(TAG, ' ');
  }
  const unmarked = withoutMarkup(text, whole);
  return unmarked === null ? null : unmarked.replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * The markup pass: markup characters dropped outside TeX spans (`MATH_SPAN`). With `whole`
 * false, null when a `$` is left open: the rest may close it into a span.
 */
function withoutMarkup(text: string, whole: boolean): string | null {
  if (!text.includes('$')) return text.replace(MARKUP, '');
  const parts = splitMatches(text, MATH_SPAN);
  const last = parts.at(-1);
  if (!whole && last && !last.match && last.text.includes('$')) return null;
  return parts.map((p) => (p.match ? p.text : p.text.replace(MARKUP, ''))).join('');
}

/**
 * The link pass, repeated while it changes the text: a link inside a link's text (a clickable
 * image) is replaced first, and its outer link by the next pass. With `whole` false each pass's
 * input must have its links decided (`linksDecided`), or null is returned: `x [![a](b)` gives
 * `x [a` after one pass, whose `[` the rest may close.
 */
function withoutLinks(markdown: string, whole: boolean): string | null {
  let text = markdown;
  for (;;) {
    if (!whole && !linksDecided(text)) return null;
    if (!text.includes('](')) return text;
    const next = text.replace(LINK, '$1');
    if (next === text) return text;
    text = next;
  }
}

/** Markdown source as one line of readable text: code fences, link targets and markup dropped. */
export function plainText(markdown: string): string {
  return inlinePasses(markdown.includes('```') ? markdown.replace(FENCE, ' ') : markdown, true)!;
}

/**
 * Whether every link the first `head` characters could start is decided within them: each `[`
 * has its first `]` before the last character, each `](` a `)` after it, and the last character
 * is no `!` (which the next might make an image link's). `LINK` matches at a `[` exactly when the
 * first bracket after it is a `]` followed by `(` and a `)` comes after that; an earlier `[` meets
 * its first bracket before the last `[`, so the last `[` and the last `](` stand for all others.
 */
function linksDecided(head: string): boolean {
  if (head.endsWith('!')) return false;
  const open = head.lastIndexOf('[');
  if (open >= 0) {
    const close = head.indexOf(']', open);
    if (close < 0 || close === head.length - 1) return false;
  }
  const target = head.lastIndexOf('](');
  return target < 0 || head.indexOf(')', target + 2) >= 0;
}

/**
 * A start of `plainText(markdown)` read from its first `chars` characters only, or null when
 * those cannot tell: a link or tag started in them ends after them. The caller cuts no fence:
 * `chars` is at most where the first "```" starts. Otherwise each pass decides everything in
 * them as it would in the whole (no pattern looks behind, and none of their matches crosses the
 * cut), and the markup and whitespace passes work per character and per run, so the result is
 * the whole's start (the trim drops at most a last space that more text would keep).
 */
export function plainTextStart(markdown: string, chars: number): string | null {
  return inlinePasses(markdown.slice(0, chars), false);
}
