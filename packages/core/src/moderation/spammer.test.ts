/** The pure rule of spammer removal: moderators remove an existing account, never their own, a moderator's or an admin's. */
import { describe, expect, it } from 'vitest';
import { fail, FLAG_MSG, MOD_MSG } from '@fso/shared';
import { decideSpammerRemoval } from './spammer.ts';

const moderator = { userId: 1, moderator: true };
const target = (id: number, role = 'user') => ({ target: { id, role } });

describe('decideSpammerRemoval', () => {
  it("lets a moderator remove a plain user's account", () => {
    expect(decideSpammerRemoval(target(2), moderator)).toEqual({ ok: true, value: null });
  });

  it('refuses non-moderators, a missing account, oneself, a moderator and an admin', () => {
    expect(decideSpammerRemoval(target(2), { userId: 1, moderator: false })).toEqual(
      fail('forbidden', MOD_MSG.moderatorsOnly),
    );
    expect(decideSpammerRemoval({ target: null }, moderator)).toEqual(fail('notFound', FLAG_MSG.spammerNotFound));
    expect(decideSpammerRemoval(target(1, 'user'), moderator)).toEqual(fail('forbidden', FLAG_MSG.spammerOwn));
    expect(decideSpammerRemoval(target(2, 'moderator'), moderator)).toEqual(
      fail('forbidden', FLAG_MSG.spammerIsModerator),
    );
    expect(decideSpammerRemoval(target(2, 'admin'), moderator)).toEqual(fail('forbidden', FLAG_MSG.spammerIsModerator));
  });
});
