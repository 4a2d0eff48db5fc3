/**
 * The list a new password is checked against: the 10,000 most common passwords of 8 characters
 * or more (shorter ones are refused by the shared schema). common-passwords.json is the ranked
 * password dictionary of the npm package @zxcvbn-ts/language-common 4.1.3 (MIT), lower-cased, its
 * first 10,000 entries of at least 8 characters (docs/decisions/0018-passwords-and-rate-limits.md).
 * Compared case-insensitively. Refusing one, and with what message, is core's.
 */
// A JSON module: loads alike under Vite (the web build), tsx (the processes) and vitest.
import list from './common-passwords.json' with { type: 'json' };

const COMMON = new Set<string>(list);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
