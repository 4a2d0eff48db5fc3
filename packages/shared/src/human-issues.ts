/**
 * Plain-language messages for the zod issues a schema gives no text of its own (a missing
 * field, a wrong type, a number out of range), instead of zod's "Invalid input: expected
 * string, received undefined" or "Too small: expected number to be >=0". Used by every parse
 * of outside input (validate.ts); a schema's own SPEC message always wins.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

function subject(issue: Issue): string {
  const path = (issue.path ?? []).filter((p) => typeof p === 'string' || typeof p === 'number');
  return path.length > 0 ? `The field "${path.join('.')}"` : 'The request';
}

function sizeText(issue: Issue, bound: unknown, word: 'least' | 'most'): string {
  const origin = 'origin' in issue ? issue.origin : undefined;
  if (origin === 'string') return `${subject(issue)} must be at ${word} ${String(bound)} characters long.`;
  if (origin === 'array' || origin === 'set') return `${subject(issue)} must have at ${word} ${String(bound)} items.`;
  return `${subject(issue)} must be at ${word} ${String(bound)}.`;
}

export function humanIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if ((issue.path ?? []).length === 0)
        return issue.input == null ? 'The request has no body.' : 'The request body must be an object of named fields.';
      if (issue.input === undefined || issue.expected === 'nonoptional') return `${subject(issue)} is required.`;
      return `${subject(issue)} must be ${KINDS[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      return sizeText(issue, issue.minimum, 'least');
    case 'too_big':
      return sizeText(issue, issue.maximum, 'most');
    case 'invalid_value':
      return `${subject(issue)} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown fields: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `${subject(issue)} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return `${subject(issue)} is not valid.`;
  }
}
