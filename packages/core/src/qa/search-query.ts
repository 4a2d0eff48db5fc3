/**
 * The search box's text read into its parts (issue 42): the operators `user:`, `is:`, `score:`,
 * `answers:`, `isaccepted:` and `closed:` become filters; what is left (words, quoted phrases,
 * `-word` and `[tag]` tokens) is searched as before. A value an operator cannot use is a clear
 * refusal, never a 500; a word with a colon that names no operator stays a word.
 */
import { SEARCH_MSG, type SearchFilters } from '@fso/shared';
import { fail, succeed, type Result } from '../result.ts';

export interface ParsedSearch {
  /** The words and `[tag]` tokens, operators taken out. */
  text: string;
  filters: SearchFilters;
}

const OPERATOR = /(^|\s)(user|is|score|answers|isaccepted|closed):(\S*)/gi;
const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

/** The filters and the rest of `search`, or the first operator value that cannot be used. */
export function parseSearchQuery(search: string): Result<ParsedSearch> {
  const filters: SearchFilters = {};
  let refusal: string | null = null;
  const text = search
    .replace(OPERATOR, (_whole, space: string, name: string, value: string) => {
      const problem = apply(filters, name.toLowerCase(), value);
      refusal ??= problem;
      return space;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (refusal) return fail('invalid', refusal);
  if (filters.is === 'answer' && filters.answers !== undefined) return fail('invalid', SEARCH_MSG.answersOfAnswers);
  return succeed({ text, filters });
}

/** Sets the operator's filter; the refusal when its value cannot be used. */
function apply(filters: SearchFilters, name: string, raw: string): string | null {
  const value = raw.toLowerCase();
  switch (name) {
    case 'user':
      if (!/^[A-Za-z0-9._-]{1,30}$/.test(raw)) return SEARCH_MSG.badUser;
      filters.user = raw;
      return null;
    case 'is':
      if (value !== 'question' && value !== 'answer') return SEARCH_MSG.badIs;
      filters.is = value;
      return null;
    case 'score':
      if (!/^-?\d{1,9}$/.test(value)) return SEARCH_MSG.badNumber(name);
      filters.score = Number(value);
      return null;
    case 'answers':
      if (!/^\d{1,6}$/.test(value)) return SEARCH_MSG.badNumber(name);
      filters.answers = Number(value);
      return null;
    default: {
      const yes = YES.has(value);
      if (!yes && !NO.has(value)) return SEARCH_MSG.badYesNo(name);
      if (name === 'closed') filters.closed = yes;
      else filters.accepted = yes;
      return null;
    }
  }
}
