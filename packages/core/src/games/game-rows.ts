/**
 * The latest stored row of each game this process has changed, so that a move costs one
 * statement: it is decided on the remembered row and stored only if the game is still at that
 * version (storeGameAt). Everything else (a game not remembered, a refusal, a row changed
 * elsewhere by another realtime instance or a web process) goes through the locked change,
 * which reads the row afresh: a stale memory costs time, never a wrong decision. Finished games
 * are forgotten; at most GAMES_REMEMBERED are kept, the least recently changed dropped first.
 */
import { changeGame, storeGameAt, type Db, type GameChange, type GameDecision, type GameRow } from '@fso/db';
import { succeed } from '../result.ts';

export const GAMES_REMEMBERED = 2000;

const memories = new WeakMap<Db, Map<number, GameRow>>();

function memoryOf(db: Db): Map<number, GameRow> {
  let rows = memories.get(db);
  if (!rows) memories.set(db, (rows = new Map()));
  return rows;
}

function remember(rows: Map<number, GameRow>, row: GameRow): void {
  const known = rows.get(row.id);
  if (known && known.version >= row.version) return;
  rows.delete(row.id); // re-inserted last: the Map's order is the recency order
  if (row.status === 'OVER') return;
  rows.set(row.id, row);
  if (rows.size > GAMES_REMEMBERED) rows.delete(rows.keys().next().value!);
}

/** changeGame's contract (decide sees the latest row; its state is stored with the next version), in one statement when it can. */
export async function changeGameRow(db: Db, id: number, decide: (row: GameRow) => GameDecision): Promise<GameChange> {
  const rows = memoryOf(db);
  const known = rows.get(id);
  const decision = known && decide(known);
  if (known && decision?.ok && decision.value.state !== known.state) {
    const stored = await storeGameAt(db, known, decision.value);
    if (stored) {
      remember(rows, stored);
      return succeed({ row: stored, changed: true });
    }
  }
  const change = await changeGame(db, id, decide);
  if (!change) rows.delete(id);
  else if (change.ok) remember(rows, change.value.row);
  return change;
}
