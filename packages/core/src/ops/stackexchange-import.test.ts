/** The import's pure parts: tag notations and usernames (the import itself: remix-app/server/import/stackexchange.test.ts, from dump files to rows). */
import { describe, expect, it } from 'vitest';
import { dumpTags, importedUsername } from './stackexchange-import.ts';

describe('Stack Exchange import', () => {
  it('reads both tag notations and makes valid, stable usernames', () => {
    expect(dumpTags('<a><b-c>')).toEqual(['a', 'b-c']);
    expect(dumpTags('|a|b|')).toEqual(['a', 'b']);
    expect(dumpTags('<topological-quantum-computing><quantum-error-correction>')).toEqual([
      'topological-quantum-computing',
      'quantum-error-correction',
    ]);
    expect(importedUsername('Ada Lovelace (she/her)', '7')).toBe('Ada_Lovelace_she_h.se7');
    expect(importedUsername('名前', '-1')).toBe('user.se-1');
  });
});
