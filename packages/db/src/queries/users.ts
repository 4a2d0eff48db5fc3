/**
 * Account data access: create, find, list (paged, filtered), update biography and password,
 * delete (the rule: core's `decideAccountDelete`). Returns the SPEC §3 user shape; password hashes never leave this module except
 * through `findCredentials`.
 */
import { and, asc, count, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import { succeed, type Result, type SafeUser, type UserSort } from '@fso/shared';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { decidedTransaction, type Recount, type Rules } from './decide.ts';
import { authorsVotedOnBy, storeReputations } from './reputation.ts';
import { rows, type Tx } from './sql-rows.ts';

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
  /** Keyset cursor (name order): the last username of the previous page; `offset` is then unused. */
  after?: string;
  /** `name` (the default), `reputation` (highest first, then name) or `new` (newest members first). */
  sort?: UserSort;
  /** Rows to skip. */
  offset?: number;
}

/** One page of users ordered by username, by reputation or newest first, plus the total matching the filter. */
export async function listUsers(db: Db, q: UserListQuery): Promise<{ users: SafeUser[]; total: number }> {
  const pattern = q.filter ? `%${q.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filter = pattern ? ilike(users.username, pattern) : undefined;
  const after = (q.sort ?? 'name') === 'name' ? q.after : undefined;
  const page = after === undefined ? filter : and(filter, gt(sql`lower(${users.username})`, after.toLowerCase()));
  const order =
    q.sort === 'reputation'
      ? [desc(users.reputation), asc(sql`lower(${users.username})`)]
      : q.sort === 'new'
        ? [desc(users.dateJoined), desc(users.id)]
        : [asc(sql`lower(${users.username})`)];
  const [rows, totals] = await Promise.all([
    db
      .select(safeUserColumns)
      .from(users)
      .where(page)
      .orderBy(...order)
      .limit(q.limit)
      .offset(after === undefined ? (q.offset ?? 0) : 0),
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

/** What deleting an account is decided on: the locked account (null: none) and the authors of the posts it voted on. */
export type AccountSeen = { id: number; votedFor: number[] } | null;

/**
 * Deletes the account as decided, with its votes: each post it voted on loses its vote from the
 * score, and the reputations the decision names (the authors those votes counted for) are
 * stored. Locks come in the order the other writes take them, so that none waits on another in a
 * circle: the account's own posts first (a vote on one holds the post, then its author), then the
 * account's row (a vote by the account holds it from its start, so the deletion waits for votes
 * under way, and a later vote finds no voter), then the posts it voted on. `also` runs in the
 * same transaction once the row is gone (the account's name leaves its games).
 */
export async function deleteUser(
  db: Db,
  userId: number,
  rules: Rules<AccountSeen, Recount>,
  also: (tx: Tx, deleted: SafeUser) => Promise<unknown> = async () => undefined,
): Promise<Result<SafeUser>> {
  return decidedTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT id FROM questions WHERE asked_by = ${userId} ORDER BY id FOR UPDATE`);
    await tx.execute(sql`SELECT id FROM answers WHERE ans_by = ${userId} ORDER BY id FOR UPDATE`);
    const [account] = await rows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    const decision = rules.decide(account ? { id: userId, votedFor: await authorsVotedOnBy(tx, userId) } : null);
    if (!decision.ok) return decision;
    for (const t of [
      { posts: sql`questions`, votes: sql`question_votes`, key: sql`question_id` },
      { posts: sql`answers`, votes: sql`answer_votes`, key: sql`answer_id` },
    ])
      await tx.execute(sql`WITH gone AS (DELETE FROM ${t.votes} WHERE user_id = ${userId} RETURNING ${t.key} AS post, value),
          totals AS (SELECT post, sum(value) AS total FROM gone GROUP BY post)
        UPDATE ${t.posts} p SET score = p.score - totals.total FROM totals WHERE p.id = totals.post`);
    const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning(safeUserColumns);
    const user = toSafeUser(deleted!);
    await also(tx, user);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    return succeed(user);
  });
}
