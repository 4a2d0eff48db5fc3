/** The raw-SQL helpers the Q&A queries share: a transaction's type and rows of an `execute`. */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Row = Record<string, unknown>;

export async function rows<T = Row>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** A nullable id column as a number or null. */
export const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
