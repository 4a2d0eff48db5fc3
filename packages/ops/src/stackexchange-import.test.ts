/** The import's pure parts: tag notations and usernames (the import itself: remix-app/server/import/stackexchange.test.ts, from dump files to rows). */
import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@fso/shared';
import { dumpTags, importedUsername, legacyImportedUsername } from './stackexchange-import.ts';

describe('Stack Exchange import', () => {
  it('reads both tag notations', () => {
    expect(dumpTags('<a><b-c>')).toEqual(['a', 'b-c']);
    expect(dumpTags('|a|b|')).toEqual(['a', 'b']);
    expect(dumpTags('<topological-quantum-computing><quantum-error-correction>')).toEqual([
      'topological-quantum-computing',
      'quantum-error-correction',
    ]);
  });

  it('makes a valid username of the display name, without the `.se<id>` of earlier imports (issue 42)', () => {
    const cases: [string, string][] = [
      ['DaftWullie', 'DaftWullie'],
      ['Ada Lovelace (she/her)', 'Ada_Lovelace_she_her'],
      ['Nguyễn Phong Gia Huy', 'Nguyen_Phong_Gia_Huy'],
      ['Bjørn Kjos-Hanssen', 'Bjorn_Kjos-Hanssen'],
      ["Conor O'Brien", 'Conor_O_Brien'],
      ['mu 無', 'mu'],
      ['LP. Gonçalves', 'LP._Goncalves'],
      ['A very long display name that goes on', 'A_very_long_display_name'],
      ['이호준', 'user42'],
      ['...', 'user42'],
    ];
    for (const [display, username] of cases) {
      expect(importedUsername(display, '42')).toBe(username);
      expect(usernameSchema.safeParse(username).success).toBe(true);
    }
    expect(legacyImportedUsername('Ada Lovelace (she/her)', '7')).toBe('Ada_Lovelace_she_h.se7');
    expect(legacyImportedUsername('名前', '-1')).toBe('user.se-1');
  });
});
