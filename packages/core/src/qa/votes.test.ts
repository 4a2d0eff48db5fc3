/** The vote rule and the reputation rule, as pure functions: no database. */
import { describe, expect, it } from 'vitest';
import { MOD_MSG, MSG } from '@fso/shared';
import { decideVote } from './votes.ts';
import { importedBaseOf, reputationOf } from './reputation.ts';

const by = (voterId: number, value: 1 | -1) => ({ post: 'answer' as const, voterId, value });

describe('decideVote', () => {
  it('casts, takes back and switches a vote, and names the author for a recount', () => {
    const post = { author: 1, locked: false };
    expect(decideVote({ voter: true, post, vote: 0 }, by(2, 1))).toEqual({
      ok: true,
      value: { vote: 1, recount: [1] },
    });
    expect(decideVote({ voter: true, post, vote: 1 }, by(2, 1))).toEqual({
      ok: true,
      value: { vote: 0, recount: [1] },
    });
    expect(decideVote({ voter: true, post, vote: 1 }, by(2, -1))).toEqual({
      ok: true,
      value: { vote: -1, recount: [1] },
    });
    expect(decideVote({ voter: true, post, vote: -1 }, by(2, -1))).toEqual({
      ok: true,
      value: { vote: 0, recount: [1] },
    });
  });

  it('refuses a vote on one’s own post and on a missing one', () => {
    expect(decideVote({ voter: true, post: { author: 2, locked: false }, vote: 0 }, by(2, 1))).toEqual({
      ok: false,
      kind: 'forbidden',
      message: MSG.ownVote,
    });
    expect(decideVote({ voter: true, post: null, vote: 0 }, by(2, 1))).toMatchObject({
      kind: 'notFound',
      message: MSG.answerNotFound,
    });
    expect(decideVote({ voter: true, post: null, vote: 0 }, { ...by(2, 1), post: 'question' })).toMatchObject({
      message: MSG.questionNotFound,
    });
  });

  it('refuses a vote from an account deleted since the request began, as from nobody signed in', () => {
    expect(decideVote({ voter: false, post: null, vote: 0 }, by(2, 1))).toEqual({
      ok: false,
      kind: 'unauthenticated',
      message: MSG.notSignedIn,
    });
  });

  it('refuses every vote on a locked question’s posts (409)', () => {
    expect(decideVote({ voter: true, post: { author: 1, locked: true }, vote: 1 }, by(2, 1))).toEqual({
      ok: false,
      kind: 'conflict',
      message: MOD_MSG.questionLocked,
    });
  });

  it('lets anybody vote on a deleted account’s post, which nobody’s reputation follows', () => {
    expect(decideVote({ voter: true, post: { author: null, locked: false }, vote: 0 }, by(2, -1))).toEqual({
      ok: true,
      value: { vote: -1, recount: [null] },
    });
  });
});

describe('reputationOf', () => {
  const none = {
    base: 0,
    upvotes: 0,
    downvotes: 0,
    ownUpvotes: 0,
    ownDownvotes: 0,
    acceptedAnswers: 0,
    acceptsGiven: 0,
    ownAccepts: 0,
    penalties: 0,
    approvedEdits: 0,
  };

  it('gives +10 per upvote, −2 per downvote, +15 per accepted answer and +2 per accept given, from 1', () => {
    expect(reputationOf(none)).toBe(1);
    expect(reputationOf({ ...none, upvotes: 1, acceptedAnswers: 1 })).toBe(26);
    expect(reputationOf({ ...none, upvotes: 2, downvotes: 3, acceptedAnswers: 1, acceptsGiven: 2 })).toBe(
      1 + 20 - 6 + 15 + 4,
    );
  });

  it("counts nothing for one's own votes and for accepting one's own answer", () => {
    expect(reputationOf({ ...none, upvotes: 3, ownUpvotes: 1, downvotes: 2, ownDownvotes: 2 })).toBe(1 + 20);
    // One's own answer accepted on one's own question is counted in both accept facts, and earns neither.
    expect(reputationOf({ ...none, acceptedAnswers: 2, acceptsGiven: 2, ownAccepts: 1 })).toBe(1 + 15 + 2);
    expect(reputationOf({ ...none, acceptedAnswers: 1, acceptsGiven: 1, ownAccepts: 1 })).toBe(1);
  });

  it('never goes below 1, and floors the total rather than each step', () => {
    expect(reputationOf({ ...none, downvotes: 5 })).toBe(1);
    expect(reputationOf({ ...none, upvotes: 1, downvotes: 2 })).toBe(7);
  });

  it("adds an imported account's base to what votes here give (decision record 0099)", () => {
    expect(reputationOf({ ...none, base: 7476 })).toBe(7477);
    expect(reputationOf({ ...none, base: 100, upvotes: 1, downvotes: 1 })).toBe(1 + 100 + 10 - 2);
  });

  it("counts an imported account's base from its dump's votes by the same rule, beyond the start and never below 0", () => {
    // Bob of the import test: 3 up and 1 down on his answer, accepted by another asker, 1 up on his question.
    expect(importedBaseOf({ ...none, upvotes: 4, downvotes: 1, acceptedAnswers: 1 })).toBe(40 - 2 + 15);
    // His own answer accepted on his own question earns neither accept; accepting another's earns +2.
    expect(importedBaseOf({ ...none, acceptedAnswers: 1, acceptsGiven: 2, ownAccepts: 1 })).toBe(2);
    expect(importedBaseOf({ ...none, downvotes: 3 })).toBe(0);
  });
});
