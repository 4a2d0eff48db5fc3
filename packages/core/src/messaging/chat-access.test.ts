/** The rule of a chat's access, as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MSG } from '@fso/shared';
import { decideChatAccess } from './messaging.ts';

describe('decideChatAccess', () => {
  it('lets a participant read and post, and nobody else (no such chat alike)', () => {
    expect(decideChatAccess({ member: true })).toEqual({ ok: true, value: null });
    expect(decideChatAccess({ member: false })).toEqual(fail('forbidden', MSG.notAllowed));
  });
});
