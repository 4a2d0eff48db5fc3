/**
 * Account data access: create, find, list (paged, filtered), update biography and password,
 * delete. Returns the SPEC §3 user shape; password hashes never leave this module except
 * through `findCredentials`.
 */
import { and, asc, count, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import type { SafeUser } from '@fso/shared';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { authorsVotedOnBy, storeReputations, type ReputationRule } from './reputation.ts';

type UserRow = typeof users.$inferSelect;

export function toSafeUser(
  row: Pick<UserRow, 'id' | 'username' | 'biography' | 'dateJoined' | 'reputation' | 'role'>,
): SafeUser {
  return {
    _id: String(row.id),
    username: row.username,
    biography: row.biography,
    dateJoined: row.dateJoined.toISOString(),
    reputation: row.reputation,
    role: row.role,
  };
}

export const safeUserColumns = {
  id: users.id,
  username: users.username,
  biography: users.biography,
  dateJoined: users.dateJoined,
  reputation: users.reputation,
  role: users.role,
};
const byName = (username: string) => eq(sql`lower(${users.username})`, username.toLowerCase());

/** Inserts a user; returns null when the username is taken (the unique index decides). */
export async function createUser(
  db: Db,
  input: { username: string; passwordHash: string | null; email?: string | null },
) {
  const rows = await db
    .insert(users)
    .values({ username: input.username, passwordHash: input.passwordHash, email: input.email ?? null })
    .onConflictDoNothing()
    .returning(safeUserColumns);
  return rows[0] ? toSafeUser(rows[0]) : null;
}

export async function findUser(db: Db, username: string): Promise<(SafeUser & { id: number }) | null> {
  const rows = await db.select(safeUserColumns).from(users).where(byName(username)).limit(1);
  return rows[0] ? { ...toSafeUser(rows[0]), id: rows[0].id } : null;
}

export async function findUserById(db: Db, id: number): Promise<(SafeUser & { id: number }) | null> {
  const rows = await db.select(safeUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ? { ...toSafeUser(rows[0]), id: rows[0].id } : null;
}

export async function findCredentials(db: Db, username: string) {
  const rows = await db
    .select({ ...safeUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byName(username))
    .limit(1);
  return rows[0] ?? null;
}

export interface UserListQuery {
  filter?: string;
  limit: number;
  /** Keyset cursor (name order): the last username of the previous page. */
  after?: string;
  /** `name` (the default) or `reputation` (highest first, then name). */
  sort?: 'name' | 'reputation';
  /** Rows to skip (reputation order). */
  offset?: number;
}

/** One page of users ordered by username or by reputation, plus the total matching the filter. */
export async function listUsers(db: Db, q: UserListQuery): Promise<{ users: SafeUser[]; total: number }> {
  const pattern = q.filter ? `%${q.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filter = pattern ? ilike(users.username, pattern) : undefined;
  const byReputation = q.sort === 'reputation';
  const page =
    q.after && !byReputation ? and(filter, gt(sql`lower(${users.username})`, q.after.toLowerCase())) : filter;
  const order = byReputation
    ? [desc(users.reputation), asc(sql`lower(${users.username})`)]
    : [asc(sql`lower(${users.username})`)];
  const [rows, totals] = await Promise.all([
    db
      .select(safeUserColumns)
      .from(users)
      .where(page)
      .orderBy(...order)
      .limit(q.limit)
      .offset(byReputation ? (q.offset ?? 0) : 0),
    db.select({ n: count() }).from(users).where(filter),
  ]);
  return { users: rows.map(toSafeUser), total: totals[0]?.n ?? 0 };
}

export async function updateBiography(db: Db, userId: number, biography: string): Promise<SafeUser | null> {
  const rows = await db.update(users).set({ biography }).where(eq(users.id, userId)).returning(safeUserColumns);
  return rows[0] ? toSafeUser(rows[0]) : null;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Deletes the account; its votes go with it, so the reputation of the authors it voted on is recomputed. */
export async function deleteUser(db: Db, userId: number, reputation: ReputationRule): Promise<SafeUser | null> {
  return db.transaction(async (tx) => {
    const authors = await authorsVotedOnBy(tx, userId);
    const rows = await tx.delete(users).where(eq(users.id, userId)).returning(safeUserColumns);
    await storeReputations(tx, authors, reputation);
    return rows[0] ? toSafeUser(rows[0]) : null;
  });
}
