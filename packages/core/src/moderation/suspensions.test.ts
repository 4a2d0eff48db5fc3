/** The pure rules of suspensions: who may suspend whom, and what the one actor check refuses while one lasts. */
import { describe, expect, it } from 'vitest';
import { fail, MOD_MSG, MSG, type Role } from '@fso/shared';
import { actorNamed, suspensionOf } from '../caller.ts';
import type { Caller } from '../ports.ts';
import { decideSuspension } from './suspensions.ts';

const now = new Date('2026-12-06T10:00:00Z');
const caller = (userId: number, role: Role = 'moderator', suspendedUntil: Date | null = null): Caller => ({
  user: { userId, username: `u${userId}`, role, reputation: 1, suspendedUntil, suspensionReason: 'Spam' },
  ip: '198.51.100.2',
});
const account = (id: number, role: Role = 'user', suspendedUntil: Date | null = null) => ({
  id,
  username: `u${id}`,
  role,
  suspendedUntil,
});

describe('decideSuspension', () => {
  it('suspends for whole days from now, and lifts only a suspension in force', () => {
    expect(decideSuspension(caller(1), account(2), { days: 3, now })).toEqual({
      ok: true,
      value: { until: new Date('2026-12-09T10:00:00Z'), changed: true },
    });
    const later = new Date('2026-12-07T00:00:00Z');
    expect(decideSuspension(caller(1), account(2, 'user', later), { days: 0, now })).toEqual({
      ok: true,
      value: { until: null, changed: true },
    });
    const ended = new Date('2026-12-01T00:00:00Z');
    expect(decideSuspension(caller(1), account(2, 'user', ended), { days: 0, now })).toEqual({
      ok: true,
      value: { until: null, changed: false },
    });
  });

  it('refuses non-moderators, a missing account, oneself, and admins unless an admin acts', () => {
    expect(decideSuspension(caller(1, 'user'), account(2), { days: 3, now })).toEqual(
      fail('forbidden', MOD_MSG.moderatorsOnly),
    );
    expect(decideSuspension(caller(1), null, { days: 3, now })).toEqual(fail('notFound', MSG.userNotFound));
    expect(decideSuspension(caller(1), account(1), { days: 3, now })).toEqual(
      fail('forbidden', MOD_MSG.cannotSuspendSelf),
    );
    expect(decideSuspension(caller(1), account(2, 'admin'), { days: 3, now })).toEqual(
      fail('forbidden', MOD_MSG.cannotSuspendAdmin),
    );
    expect(decideSuspension(caller(1, 'admin'), account(2, 'admin'), { days: 3, now }).ok).toBe(true);
    expect(decideSuspension(caller(1, 'admin'), account(2, 'moderator'), { days: 3, now }).ok).toBe(true);
  });
});

describe('actorNamed while suspended', () => {
  it('refuses a suspended actor with the end and the reason, until it ends', () => {
    const until = new Date('2026-12-08T09:30:00Z');
    expect(actorNamed(caller(1, 'user', until), 'u1', now)).toEqual(
      fail('forbidden', 'Your account is suspended until 2026-12-08 09:30 UTC: Spam'),
    );
    expect(actorNamed(caller(1, 'moderator', until), undefined, now).ok).toBe(false);
    expect(actorNamed(caller(1, 'user', until), undefined, new Date('2026-12-08T09:31:00Z')).ok).toBe(true);
    expect(suspensionOf(caller(1, 'user', until), now)).toEqual({ until, reason: 'Spam' });
    expect(suspensionOf(caller(1), now)).toBeNull();
  });

  it('still refuses another name first, and nobody signed in', () => {
    expect(actorNamed(caller(1, 'user', new Date('2027-01-01')), 'u2', now)).toEqual(fail('forbidden', MSG.notAllowed));
    expect(actorNamed({ user: null, ip: '' }, undefined, now).ok).toBe(false);
  });
});
