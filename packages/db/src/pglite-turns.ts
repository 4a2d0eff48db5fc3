/**
 * PGlite runs each SQL statement on the calling (main) thread, one at a time behind a mutex, and
 * hands the mutex to the next queued statement without returning to the event loop: a queue of
 * statements ran as one block, and every request, `/healthz` included, waited behind all of it
 * (seconds while natural-language search was flooded: docs/decisions/0034). Here each statement,
 * once it holds the mutex, first lets the event loop take a turn, so connections are read and
 * answered between statements; the order of statements and transactions is unchanged.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';

export class TurnTakingPGlite extends PGlite {
  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveQuery(async () => {
      await nextTurn();
      return fn();
    });
  }
}
