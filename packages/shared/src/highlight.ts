/**
 * Search result excerpts (docs/decisions/0023-reading-and-writing-help.md): the words of a
 * search, the part of a post around the first of them, and the matches marked. Output is
 * plain-text segments (`match` marks a match) that the page renders as text, so nothing in a
 * post can become markup. Matching is by word start after cutting common English endings, a
 * cheap stand-in for the database's stemming; cost is bounded by the text given (callers pass a
 * bounded prefix of the stored post).
 */
import { DELETED_RUN, plainText, plainTextStart } from './plain-text.ts';
import { splitMatches, type Run } from './split-matches.ts';

/** A run of text, `match` when it is a matched word. */
export type Segment = Run;

const STOP = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'do',
  'for',
  'how',
  'i',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'with',
]);
const ENDINGS = /(ing|ed|es|s)$/;

/** A search operator (user:alice, score:3): a filter, not a word to mark. */
const OPERATOR_TOKEN = /^(user|is|score|answers|isaccepted|closed):/i;

/** The roots of the words a search matches: no `[tag]`s, no `-excluded` words, no operators, no stop words. */
export function searchTerms(search: string): string[] {
  const roots = new Set<string>();
  for (const token of search.replace(/\[[^\]]*\]/g, ' ').split(/\s+/)) {
    if (!token || token.startsWith('-') || OPERATOR_TOKEN.test(token)) continue;
    for (const word of token.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 2 || STOP.has(word)) continue;
      const root = word.length > 4 ? word.replace(ENDINGS, '') : word;
      roots.add(root);
    }
  }
  return [...roots].slice(0, 10);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matcher = (terms: string[]) =>
  terms.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu') : null;

/** A function cutting a text into segments with every word that starts with one of `terms` marked (its pattern made once, for many texts). */
export function highlighter(terms: string[]): (text: string) => Segment[] {
  const pattern = matcher(terms);
  return (text) => {
    if (!pattern) return text ? [{ text, match: false }] : [];
    return splitMatches(text, pattern);
  };
}

/** `text` cut into segments with every word that starts with a term marked. */
export const highlight = (text: string, terms: string[]): Segment[] => highlighter(terms)(text);

export const SEARCH_EXCERPT_CHARS = 220;

/**
 * A pattern that finds, in markdown source, where the plain text could hold a term at the
 * earliest: its letters in order with only what `plainText` deletes between them, after no
 * letter or digit (what `plainText` deletes or makes a space ends in none). It may find more
 * than `matcher` finds in the plain text, never less, and never later.
 */
const sourceMatcher = (terms: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map((t) => [...t].map(escapeRegExp).join(DELETED_RUN)).join('|')})`, 'iu');

/** How an excerpter finds a text's first match: its pattern, whether the source could match at all, and a match's length at most. */
interface Finder {
  pattern: RegExp | null;
  mayMatch: boolean;
  termUnits: number;
}

/**
 * The excerpt of `text`, the whole plain text when `whole`; otherwise a start of it, and null
 * when the rest could change the excerpt: an earlier match could end in the rest, the text could
 * match only in the rest, or the cut needs characters past it.
 */
function excerptOf(
  text: string,
  whole: boolean,
  { pattern, mayMatch, termUnits }: Finder,
  size: number,
): string | null {
  let first = 0;
  if (pattern && mayMatch) {
    pattern.lastIndex = 0;
    const found = pattern.exec(text);
    if (found) first = found.index;
    if (!whole && (!found || first + termUnits > text.length)) return null;
  }
  let start = Math.max(0, first - Math.floor(size / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space < 0 && !whole) return null;
    start = space + 1 || start;
  }
  if (!whole && start + size >= text.length) return null;
  let end = Math.min(text.length, start + size);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * A function giving about `size` characters of a post's text around its first match of `terms`
 * (its start when nothing matches), cut at word boundaries with "…" where cut; `highlight` marks
 * its matches (the page does, so the excerpt travels as one string). Its patterns are made once,
 * for all the posts of a page. The plain text is made of as much of the post's start as the
 * excerpt needs (docs/decisions/0070): up to 2 × `size` characters past where the source could
 * first match, twice as many each time that start cannot tell the excerpt, and the whole post at
 * last; the excerpt is the one the whole plain text gives.
 */
export function excerpter(terms: string[], size = SEARCH_EXCERPT_CHARS): (markdown: string) => string {
  const pattern = matcher(terms);
  const earliest = terms.length ? sourceMatcher(terms) : null;
  // A match's term, in UTF-16 units, at most (case folding keeps a letter's length; twice, to be safe).
  const termUnits = 2 * Math.max(0, ...terms.map((t) => t.length));
  return (markdown) => {
    const candidate = earliest?.exec(markdown) ?? null;
    const finder = { pattern, mayMatch: candidate !== null, termUnits };
    // No cut inside a fence: as far as the first one starts, or the whole.
    const fence = markdown.indexOf('```');
    const limit = fence < 0 ? markdown.length - 1 : Math.min(fence, markdown.length - 1);
    for (let chars = 2 * size + (candidate?.index ?? 0); chars <= limit; chars *= 2) {
      const start = plainTextStart(markdown, chars);
      const excerpt = start === null ? null : excerptOf(start, false, finder, size);
      if (excerpt !== null) return excerpt;
    }
    return excerptOf(plainText(markdown), true, finder, size)!;
  };
}
