/** The raw-SQL helpers every query shares: a transaction's type and the typed rows of an `execute`. */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Row = Record<string, unknown>;

/** The rows a statement answers, typed by the caller (the SQL's column list is the contract). */
export async function rows<T extends Row = Row>(db: Db | Tx, query: SQL | string): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/** A nullable id column as a number or null. */
export const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
