/**
 * How a write applies a rule, the same for every one (the games' `changeGame` is the first):
 * db opens the transaction, locks and loads what the decision needs (`Seen`: a missing row is
 * seen as null, and a decision on it is always a refusal), calls core's pure `decide`, and
 * stores what it decided. A refusal is core's
 * own `Result` failure, returned as it is with nothing written: db has no failure words of its
 * own. A decision that moves reputation names whose (`recount`), and the write stores their
 * reputation by core's rule (reputation.ts) before it commits.
 */
import type { Result } from '@fso/shared';
import type { ReputationRule } from './reputation.ts';

export type Decide<Seen, Decision> = (seen: Seen) => Result<Decision>;

/** A decision that changes votes or accepts: the users whose reputation it moves (null: a deleted account). */
export interface Recount {
  recount: readonly (number | null)[];
}

/** What a write that moves reputation is given: the decision and the reputation rule, both core's. */
export interface Rules<Seen, Decision extends Recount> {
  decide: Decide<Seen, Decision>;
  reputation: ReputationRule;
}
