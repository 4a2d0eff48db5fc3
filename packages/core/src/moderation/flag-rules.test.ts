/** The flag and review rules as pure functions: no database. */
import { describe, expect, it } from 'vitest';
import type { FlagSeen, ResolveSeen } from '@fso/db';
import { fail, FLAG_MSG, MOD_MSG } from '@fso/shared';
import { decideFlag, decideResolve, hidingFlags } from './flag-rules.ts';

const post = { author: 1, hidden: null, questionId: 10 };
const seen = (over: Partial<FlagSeen> = {}): FlagSeen => ({
  post,
  alreadyFlagged: false,
  pending: {},
  duplicateTargetExists: null,
  ...over,
});

describe('decideFlag', () => {
  it('refuses a missing post, one’s own post, a second flag and a missing original', () => {
    expect(decideFlag(seen({ post: null }), { flaggerId: 2, reason: 'spam' })).toEqual(
      fail('notFound', FLAG_MSG.postNotFound),
    );
    expect(decideFlag(seen(), { flaggerId: 1, reason: 'spam' })).toEqual(fail('forbidden', FLAG_MSG.ownPost));
    expect(decideFlag(seen({ alreadyFlagged: true }), { flaggerId: 2, reason: 'rude' })).toEqual(
      fail('conflict', FLAG_MSG.alreadyFlagged),
    );
    expect(decideFlag(seen({ duplicateTargetExists: false }), { flaggerId: 2, reason: 'duplicate' })).toEqual(
      fail('invalid', FLAG_MSG.duplicateTargetMissing),
    );
  });

  it('hides the post at the third spam or rude flag, counting both reasons together', () => {
    expect(decideFlag(seen(), { flaggerId: 2, reason: 'spam' })).toEqual({ ok: true, value: { hide: false } });
    expect(decideFlag(seen({ pending: { spam: 1 } }), { flaggerId: 2, reason: 'spam' })).toEqual({
      ok: true,
      value: { hide: false },
    });
    expect(decideFlag(seen({ pending: { spam: 1, rude: 1 } }), { flaggerId: 2, reason: 'rude' })).toEqual({
      ok: true,
      value: { hide: true },
    });
  });

  it('does not count other reasons, and does not hide a post twice', () => {
    const others = seen({ pending: { duplicate: 1, notAnAnswer: 3, needsAttention: 2 } });
    expect(decideFlag(others, { flaggerId: 2, reason: 'spam' }).ok && hidingFlags(others.pending)).toBe(0);
    expect(decideFlag(seen({ pending: { spam: 2 } }), { flaggerId: 2, reason: 'notAnAnswer' })).toEqual({
      ok: true,
      value: { hide: false },
    });
    const hidden = seen({ post: { ...post, hidden: 'flagged' }, pending: { spam: 5 } });
    expect(decideFlag(hidden, { flaggerId: 2, reason: 'spam' })).toEqual({ ok: true, value: { hide: false } });
  });
});

describe('decideResolve', () => {
  const pending = (over: Partial<NonNullable<ResolveSeen['post']>> = {}): ResolveSeen => ({
    post: { ...post, pending: { spam: 3 }, others: [5, 6], ...over },
  });
  const mod = { moderator: true, decision: 'delete' as const };

  it('is for moderators only, on a post that waits for review', () => {
    expect(decideResolve(pending(), { ...mod, moderator: false })).toEqual(fail('forbidden', MOD_MSG.moderatorsOnly));
    expect(decideResolve({ post: null }, mod)).toEqual(fail('notFound', FLAG_MSG.postNotFound));
    expect(decideResolve(pending({ pending: {} }), mod)).toEqual(fail('conflict', FLAG_MSG.noPendingFlags));
  });

  it('deletes a spam post with a penalty, recounting its author and whoever loses votes with it', () => {
    expect(decideResolve(pending(), mod)).toEqual({
      ok: true,
      value: { remove: true, penalize: true, recount: [1, 5, 6] },
    });
    expect(decideResolve(pending({ pending: { notAnAnswer: 1 } }), mod)).toEqual({
      ok: true,
      value: { remove: true, penalize: false, recount: [1, 5, 6] },
    });
  });

  it('dismisses flags (or approves a held post) without touching reputation', () => {
    expect(decideResolve(pending(), { ...mod, decision: 'dismiss' })).toEqual({
      ok: true,
      value: { remove: false, penalize: false, recount: [] },
    });
    expect(decideResolve(pending({ pending: {}, hidden: 'held' }), { ...mod, decision: 'dismiss' })).toEqual({
      ok: true,
      value: { remove: false, penalize: false, recount: [] },
    });
  });
});
