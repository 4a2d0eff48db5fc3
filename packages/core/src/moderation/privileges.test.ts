/** The pure rules of roles and privileges: who is a moderator, who has a privilege, who may change a role. */
import { describe, expect, it } from 'vitest';
import { MOD_MSG, MSG, PRIVILEGES, type Role } from '@fso/shared';
import type { Caller } from '../ports.ts';
import { can, isAdmin, isModerator, requireModerator } from './privileges.ts';
import { decideSetRole } from './roles.ts';

const caller = (role?: Role, reputation?: number, userId = 1): Caller => ({
  user: { userId, username: `u${userId}`, role, reputation },
  ip: '198.51.100.1',
});
const nobody: Caller = { user: null, ip: '198.51.100.1' };

describe('isModerator and isAdmin', () => {
  it('moderators and admins are moderators; users, callers without a role and nobody are not', () => {
    expect([caller('moderator'), caller('admin')].map(isModerator)).toEqual([true, true]);
    expect([caller('user'), caller(), nobody].map(isModerator)).toEqual([false, false, false]);
    expect([caller('admin'), caller('moderator'), nobody].map(isAdmin)).toEqual([true, false, false]);
  });
});

describe('can', () => {
  it('earns each privilege at its reputation and not a point below', () => {
    for (const [privilege, threshold] of Object.entries(PRIVILEGES) as [keyof typeof PRIVILEGES, number][]) {
      expect(can(caller('user', threshold), privilege)).toBe(true);
      expect(can(caller('user', threshold - 1), privilege)).toBe(false);
    }
  });
  it('gives moderators every privilege at any reputation, and nobody none', () => {
    expect(can(caller('moderator', 1), 'editWithoutReview')).toBe(true);
    expect(can(caller('admin', 1), 'closeVote')).toBe(true);
    expect(can(nobody, 'flag')).toBe(false);
  });
  it('reads another table when given one, and treats a missing reputation as 1', () => {
    const table = { ...PRIVILEGES, closeVote: 5 };
    expect(can(caller('user', 5), 'closeVote', table)).toBe(true);
    expect(can(caller(), 'flag')).toBe(true);
    expect(can(caller(), 'closeVote')).toBe(false);
  });
});

describe('requireModerator', () => {
  it('answers the moderator, 403 for a user and 401 for nobody', () => {
    expect(requireModerator(caller('moderator'))).toMatchObject({ ok: true, value: { userId: 1 } });
    expect(requireModerator(caller('user'))).toEqual({ ok: false, kind: 'forbidden', message: MOD_MSG.moderatorsOnly });
    expect(requireModerator(nobody)).toMatchObject({ ok: false, kind: 'unauthenticated' });
  });
});

describe('decideSetRole', () => {
  const target = { id: 2, username: 'bea', role: 'user' as const };
  it('lets an admin make a moderator, and changes nothing when the role is the same', () => {
    expect(decideSetRole(caller('admin'), target, 'moderator')).toEqual({
      ok: true,
      value: { role: 'moderator', changed: true },
    });
    expect(decideSetRole(caller('admin'), target, 'user')).toEqual({
      ok: true,
      value: { role: 'user', changed: false },
    });
  });
  it('refuses moderators, users, an admin changing their own role, and a missing user', () => {
    expect(decideSetRole(caller('moderator'), target, 'moderator')).toMatchObject({ message: MOD_MSG.adminsOnly });
    expect(decideSetRole(caller('user'), target, 'admin')).toMatchObject({ kind: 'forbidden' });
    expect(decideSetRole(caller('admin', 1, 2), target, 'user')).toMatchObject({ message: MOD_MSG.ownRole });
    expect(decideSetRole(caller('admin'), null, 'user')).toMatchObject({ kind: 'notFound', message: MSG.userNotFound });
    expect(decideSetRole(nobody, target, 'user')).toMatchObject({ kind: 'unauthenticated' });
  });
});
