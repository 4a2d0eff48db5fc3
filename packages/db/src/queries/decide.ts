/**
 * How a write applies a rule, the same for every one (the games' `changeGame` is the first):
 * db opens the transaction, locks and loads what the decision needs (`Seen`: a missing row is
 * seen as null, and a decision on it is always a refusal), calls core's pure `decide`, and
 * stores what it decided. A refusal is core's
 * own `Result` failure, returned as it is with nothing written: db has no failure words of its
 * own. A decision that moves reputation names whose (`recount`), and the write stores their
 * reputation by core's rule (reputation.ts) before it commits. Such a write runs in
 * `decidedTransaction`: locks taken in different orders (a vote locks its post, then the author;
 * deleting an account locks the account, then the posts) can meet in a deadlock, and PostgreSQL
 * then rolls one transaction back; that one runs again, deciding afresh on what is there now.
 */
import type { Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { isDeadlockVictim } from '../errors.ts';
import type { ReputationRule } from './reputation.ts';
import type { Tx } from './sql-rows.ts';

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

/** How many times a decided write runs before a deadlock is the caller's failure. */
export const DEADLOCK_ATTEMPTS = 4;

/** `work` in one transaction, run again (up to DEADLOCK_ATTEMPTS in all) when PostgreSQL rolls it back to break a deadlock. */
export async function decidedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlockVictim(error)) throw error;
    }
  }
}
