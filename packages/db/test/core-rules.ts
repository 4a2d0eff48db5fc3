/**
 * db's tests of the writes that apply a rule (votes, accepts, edits, deletions) apply core's
 * own rules, so they test the locks, the stores and the recounts with the decisions the site
 * makes: each helper is the write as a use case calls it, for a user id.
 */
import { decideVote, reputationOf } from '@fso/core';
import type { Db } from '../src/client.ts';
import { changeVote, type PostKind } from '../src/queries/votes.ts';

export { reputationOf };

export const castVote = (db: Db, input: { post: PostKind; id: number; userId: number; value: 1 | -1 }) =>
  changeVote(
    db,
    { post: input.post, id: input.id, voterId: input.userId },
    {
      decide: (seen) => decideVote(seen, { post: input.post, voterId: input.userId, value: input.value }),
      reputation: reputationOf,
    },
  );
