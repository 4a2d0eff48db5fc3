/**
 * External identities (GitHub, Google, ID tokens): find the account behind a provider's stable
 * user id, create an account together with its first identity, or link one to an account.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { userIdentities, users } from '../schema/index.ts';
import { safeUserColumns, toSafeUser } from './users.ts';

export interface IdentityKey {
  provider: string;
  subject: string;
}

export async function findIdentityUser(db: Db, key: IdentityKey) {
  const rows = await db
    .select(safeUserColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, key.provider), eq(userIdentities.subject, key.subject)))
    .limit(1);
  return rows[0] ? { ...toSafeUser(rows[0]), id: rows[0].id } : null;
}

/** The oldest account holding this (verified) email, compared case-insensitively. */
export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select(safeUserColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .orderBy(asc(users.id))
    .limit(1);
  return rows[0] ? { ...toSafeUser(rows[0]), id: rows[0].id } : null;
}

class IdentityTaken extends Error {}

/**
 * Creates a password-less account and its identity in one transaction. `username-taken` when
 * the name is in use; `identity-taken` when a concurrent sign-in created the identity first.
 */
export async function createUserWithIdentity(db: Db, input: IdentityKey & { username: string; email: string }) {
  try {
    return await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values({ username: input.username, passwordHash: null, email: input.email })
        .onConflictDoNothing()
        .returning(safeUserColumns);
      const row = created[0];
      if (!row) return 'username-taken' as const;
      const linked = await tx
        .insert(userIdentities)
        .values({ provider: input.provider, subject: input.subject, userId: row.id })
        .onConflictDoNothing()
        .returning({ userId: userIdentities.userId });
      if (!linked[0]) throw new IdentityTaken();
      return { ...toSafeUser(row), id: row.id };
    });
  } catch (error) {
    if (error instanceof IdentityTaken) return 'identity-taken' as const;
    throw error;
  }
}

/** Ties an identity to an existing account; false when the identity already belongs to one. */
export async function linkIdentity(db: Db, userId: number, key: IdentityKey): Promise<boolean> {
  const rows = await db
    .insert(userIdentities)
    .values({ provider: key.provider, subject: key.subject, userId })
    .onConflictDoNothing()
    .returning({ userId: userIdentities.userId });
  return rows.length > 0;
}
