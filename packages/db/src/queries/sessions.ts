/**
 * Session rows: created at sign-in, looked up on every request and socket handshake, deleted
 * at logout; password reset and account deletion end a user's other sessions.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sessions, users } from '../schema/index.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db, userId: number, now = new Date()) {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id, userId, createdAt: now, expiresAt });
  return { id, expiresAt };
}

/** When the session was started, i.e. when its user signed in; null when there is no such session. */
export async function sessionSignedInAt(db: Db, sessionId: string): Promise<Date | null> {
  const rows = await db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return rows[0]?.at ?? null;
}

/** The signed-in user behind a session id (with what their privileges and a suspension are decided on), or null when unknown or expired. */
export async function findSessionUser(db: Db, sessionId: string, now = new Date()) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      username: users.username,
      role: users.role,
      reputation: users.reputation,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user except `keep`; returns the ended session ids. */
export async function deleteOtherSessions(db: Db, userId: number, keep: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
