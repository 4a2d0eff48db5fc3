/** The rule of using a mailed link's token, as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MAIL_MSG } from '@fso/shared';
import { decideTokenUse } from './account-mail.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 6, 12, minutes));

describe('decideTokenUse', () => {
  it('lets a token work once, before it expires', () => {
    expect(decideTokenUse({ expiresAt: at(60), usedAt: null }, at(1))).toEqual({ ok: true, value: null });
  });

  it('refuses one used already (a second use at once sees the first), one expired, and none at all', () => {
    expect(decideTokenUse({ expiresAt: at(60), usedAt: at(1) }, at(2))).toEqual(fail('conflict', MAIL_MSG.tokenUsed));
    expect(decideTokenUse({ expiresAt: at(60), usedAt: null }, at(60))).toEqual(fail('invalid', MAIL_MSG.tokenExpired));
    expect(decideTokenUse(null, at(1))).toEqual(fail('notFound', MAIL_MSG.tokenUnknown));
  });
});
