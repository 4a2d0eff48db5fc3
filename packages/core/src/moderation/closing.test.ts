/** The pure rules of closing, reopening, locking and what a closed or locked question takes. */
import { describe, expect, it } from 'vitest';
import { fail, MOD_MSG, type Role } from '@fso/shared';
import type { Caller } from '../ports.ts';
import { decideCloseVote, decideLock, decidePosting, decideReopenVote } from './closing.ts';

const caller = (userId: number, role: Role = 'user', reputation = 250): Caller => ({
  user: { userId, username: `u${userId}`, role, reputation },
  ip: '198.51.100.2',
});
const open = { id: 10, closed: false, locked: false };
const vote = (userId: number, reason: 'duplicate' | 'offTopic', duplicateOf: number | null = null) => ({
  userId,
  username: `u${userId}`,
  reason,
  duplicateOf,
});

describe('decideCloseVote', () => {
  it('counts votes until the third, which closes with the reason and target most voters gave', () => {
    expect(decideCloseVote(caller(1), { question: open, votes: [] }, { reason: 'offTopic' })).toEqual({
      ok: true,
      value: { kind: 'vote', pending: 1 },
    });
    const seen = { question: open, votes: [vote(1, 'duplicate', 7), vote(2, 'offTopic')], targetExists: true };
    expect(decideCloseVote(caller(3), seen, { reason: 'duplicate', duplicateOf: 7 })).toEqual({
      ok: true,
      value: { kind: 'close', reason: 'duplicate', duplicateOf: 7, by: ['u1', 'u2', 'u3'] },
    });
  });
  it('breaks a tie of reasons by the latest vote, and a closure not as a duplicate has no target', () => {
    const seen = { question: open, votes: [vote(1, 'duplicate', 7), vote(2, 'offTopic')] };
    const third = decideCloseVote(caller(3), seen, { reason: 'opinionBased' });
    expect(third).toMatchObject({ value: { kind: 'close', reason: 'opinionBased', duplicateOf: null } });
  });
  it('makes a moderator’s vote binding whatever its reputation', () => {
    expect(decideCloseVote(caller(9, 'moderator', 1), { question: open, votes: [] }, { reason: 'offTopic' })).toEqual({
      ok: true,
      value: { kind: 'close', reason: 'offTopic', duplicateOf: null, by: ['u9'] },
    });
  });
  it('refuses the unprivileged, a second vote, a closed or locked question and bad duplicates', () => {
    const none = { question: open, votes: [] };
    expect(decideCloseVote(caller(1, 'user', 249), none, { reason: 'offTopic' })).toEqual(
      fail('forbidden', MOD_MSG.closePrivilege),
    );
    expect(
      decideCloseVote(caller(1), { question: open, votes: [vote(1, 'offTopic')] }, { reason: 'offTopic' }),
    ).toEqual(fail('conflict', MOD_MSG.alreadyVotedClose));
    expect(
      decideCloseVote(caller(1), { question: { ...open, closed: true }, votes: [] }, { reason: 'offTopic' }),
    ).toEqual(fail('conflict', MOD_MSG.alreadyClosed));
    expect(
      decideCloseVote(caller(1), { question: { ...open, locked: true }, votes: [] }, { reason: 'offTopic' }),
    ).toEqual(fail('conflict', MOD_MSG.questionLocked));
    expect(decideCloseVote(caller(1), none, { reason: 'duplicate', duplicateOf: 10 })).toEqual(
      fail('invalid', MOD_MSG.duplicateOfItself),
    );
    expect(
      decideCloseVote(caller(1), { ...none, targetExists: false }, { reason: 'duplicate', duplicateOf: 7 }),
    ).toEqual(fail('notFound', MOD_MSG.duplicateTargetMissing));
  });
});

describe('decideReopenVote', () => {
  const closed = { ...open, closed: true };
  it('reopens on the third vote or a moderator’s, and refuses an open question', () => {
    expect(decideReopenVote(caller(1), { question: closed, votes: [] })).toEqual({
      ok: true,
      value: { kind: 'vote', pending: 1 },
    });
    const two = [vote(1, 'offTopic'), vote(2, 'offTopic')];
    expect(decideReopenVote(caller(3), { question: closed, votes: two })).toEqual({
      ok: true,
      value: { kind: 'reopen', by: ['u1', 'u2', 'u3'] },
    });
    expect(decideReopenVote(caller(9, 'admin', 1), { question: closed, votes: [] })).toMatchObject({
      value: { kind: 'reopen', by: ['u9'] },
    });
    expect(decideReopenVote(caller(1), { question: open, votes: [] })).toEqual(fail('conflict', MOD_MSG.notClosed));
  });
});

describe('decideLock and decidePosting', () => {
  it('lets only moderators lock, and says when nothing changes', () => {
    expect(decideLock(caller(1, 'moderator'), { locked: false }, true)).toEqual({
      ok: true,
      value: { locked: true, changed: true },
    });
    expect(decideLock(caller(1, 'moderator'), { locked: true }, true)).toMatchObject({ value: { changed: false } });
    expect(decideLock(caller(1, 'user', 5000), { locked: false }, true)).toEqual(
      fail('forbidden', MOD_MSG.moderatorsOnly),
    );
  });
  it('refuses only answers on a closed question, and everything on a locked one', () => {
    const closed = { closed: true, locked: false };
    expect(decidePosting(closed, 'answer')).toEqual(fail('conflict', MOD_MSG.questionClosed));
    expect([decidePosting(closed, 'comment').ok, decidePosting(closed, 'vote').ok]).toEqual([true, true]);
    for (const write of ['answer', 'comment', 'vote', 'edit'] as const)
      expect(decidePosting({ closed: false, locked: true }, write)).toEqual(fail('conflict', MOD_MSG.questionLocked));
  });
});
