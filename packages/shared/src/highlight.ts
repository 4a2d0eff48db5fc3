/**
 * Search result excerpts (docs/decisions/0023-reading-and-writing-help.md): the words of a
 * search, the part of a post around the first of them, and the matches marked. Output is
 * plain-text segments (`match` marks a match) that the page renders as text, so nothing in a
 * post can become markup. Matching is by word start after cutting common English endings, a
 * cheap stand-in for the database's stemming; cost is bounded by the text given (callers pass a
 * bounded prefix of the stored post).
 */
import { splitMatches, type Run } from './split-matches.ts';

/** A run of text, `match` when it is a matched word. */
export type Segment = Run;

const STOP = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'do', 'for', 'how', 'i', 'in', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'what', 'with']);
const ENDINGS = /(ing|ed|es|s)$/;

/** The roots of the words a search matches: no `[tag]`s, no `-excluded` words, no stop words. */
export function searchTerms(search: string): string[] {
  const roots = new Set<string>();
  for (const token of search.replace(/\[[^\]]*\]/g, ' ').split(/\s+/)) {
    if (!token || token.startsWith('-')) continue;
    for (const word of token.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 2 || STOP.has(word)) continue;
      const root = word.length > 4 ? word.replace(ENDINGS, '') : word;
      roots.add(root);
    }
  }
  return [...roots].slice(0, 10);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matcher = (terms: string[]) => (terms.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu') : null);

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

/**
 * A run of whitespace that is not already one plain space (a space followed by more whitespace,
 * or any other whitespace character with the run after it): what `/\s+/` → ' ' changes, without
 * rewriting every single space between words. Each alternative starts with one character test,
 * so the scan does not try a two-character run at every space (docs/decisions/0060).
 */
const WHITESPACE_RUN = / \s+|[^\S ]\s*/g;
const LINK = /!?\[([^\]]*)\]\([^)]*\)/g;

/**
 * Markdown source as one line of readable text: code fences, link targets and markup dropped.
 * A pass whose pattern cannot match (no "```", no "](", no "<" left) is skipped: each pattern
 * needs that text to match, so the result is the same.
 */
export function plainText(markdown: string): string {
  let text = markdown.includes('```') ? markdown.replace(/```[\s\S]*?(```|$)/g, ' ') : markdown;
  if (text.includes('](')) text = text.replace(LINK, '$1');
  if (text.includes('<')) text = text.replace(/<[^>]*>/g, ' ');
  return text
    .replace(/[*_`#>~|]+/g, '')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

export const SEARCH_EXCERPT_CHARS = 220;

/**
 * A function giving about `size` characters of a post's text around its first match of `terms`
 * (its start when nothing matches), cut at word boundaries with "…" where cut; `highlight` marks
 * its matches (the page does, so the excerpt travels as one string). Its pattern is made once,
 * for all the posts of a page.
 */
export function excerpter(terms: string[], size = SEARCH_EXCERPT_CHARS): (markdown: string) => string {
  const pattern = matcher(terms);
  return (markdown) => {
    const text = plainText(markdown);
    let first = 0;
    if (pattern) {
      pattern.lastIndex = 0;
      first = pattern.exec(text)?.index ?? 0;
    }
    let start = Math.max(0, first - Math.floor(size / 3));
    if (start > 0) start = text.indexOf(' ', start) + 1 || start;
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
    return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  };
}
