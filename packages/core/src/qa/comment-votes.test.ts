/** The comment upvote rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MOD_MSG, MSG, PRIVILEGES, type Role } from '@fso/shared';
import type { Caller } from '../ports.ts';
import { decideCommentVote } from './comment-votes.ts';

const voter = (reputation: number = PRIVILEGES.commentUpvote, role: Role = 'user'): Caller => ({
  user: { userId: 1, username: 'voter', role, reputation },
  ip: '198.51.100.1',
});
const others = (upvoted = false, locked = false, hidden = false) => ({
  voter: true,
  comment: { author: 2, locked, hidden },
  upvoted,
});

describe('decideCommentVote', () => {
  it('upvotes another’s comment with the privilege, and takes the upvote back', () => {
    expect(decideCommentVote(voter(), others(), true)).toEqual({ ok: true, value: { upvoted: true } });
    expect(decideCommentVote(voter(), others(true), false)).toEqual({ ok: true, value: { upvoted: false } });
  });

  it('counts an upvote cast twice once, and a take-back without an upvote changes nothing', () => {
    expect(decideCommentVote(voter(), others(true), true)).toEqual({ ok: true, value: { upvoted: true } });
    expect(decideCommentVote(voter(), others(false), false)).toEqual({ ok: true, value: { upvoted: false } });
  });

  it('needs the privilege to upvote, not to take one’s upvote back; moderators have it', () => {
    const below = voter(PRIVILEGES.commentUpvote - 1);
    expect(decideCommentVote(below, others(), true)).toEqual(fail('forbidden', MSG.commentUpvotePrivilege));
    expect(MSG.commentUpvotePrivilege).toBe('You need 15 reputation to upvote comments.');
    expect(decideCommentVote(below, others(true), false)).toEqual({ ok: true, value: { upvoted: false } });
    expect(decideCommentVote(voter(1, 'moderator'), others(), true)).toEqual({ ok: true, value: { upvoted: true } });
  });

  it('refuses one’s own comment, a missing comment, a visitor, a deleted account and a locked question', () => {
    const own = { voter: true, comment: { author: 1, locked: false, hidden: false }, upvoted: false };
    expect(decideCommentVote(voter(), own, true)).toEqual(fail('forbidden', MSG.ownCommentVote));
    expect(decideCommentVote(voter(), { voter: true, comment: null, upvoted: false }, true)).toEqual(
      fail('notFound', MSG.commentNotFound),
    );
    expect(decideCommentVote({ user: null, ip: '198.51.100.1' }, others(), true)).toEqual(
      fail('unauthenticated', MSG.notSignedIn),
    );
    expect(decideCommentVote(voter(), { ...others(), voter: false }, true)).toEqual(
      fail('unauthenticated', MSG.notSignedIn),
    );
    expect(decideCommentVote(voter(), others(false, true), true)).toEqual(fail('conflict', MOD_MSG.questionLocked));
  });

  it('sees a hidden comment (flagged or held) as none, for a moderator too', () => {
    expect(decideCommentVote(voter(), others(false, false, true), true)).toEqual(fail('notFound', MSG.commentNotFound));
    expect(decideCommentVote(voter(1, 'moderator'), others(true, false, true), false)).toEqual(
      fail('notFound', MSG.commentNotFound),
    );
  });

  it('lets anybody upvote a deleted account’s comment', () => {
    const orphan = { voter: true, comment: { author: null, locked: false, hidden: false }, upvoted: false };
    expect(decideCommentVote(voter(), orphan, true)).toEqual({ ok: true, value: { upvoted: true } });
  });
});
