/**
 * The handshake's identity: the signed session cookie, checked against the sessions table.
 * No session cookie: a visitor's read-only socket. A session cookie that is forged or whose
 * session has ended: refused ('unauthorized'), so a signed-in page goes back to the login screen
 * (a visitor's page says `auth: { visitor: true }` and is never asked for its cookie).
 * One resolver for every way the service runs (in the web process, alone, in tests).
 */
import type { Caller, Ports } from '@fso/core';
import { findSessionUser, readCookie, readSessionId, SESSION_COOKIE } from '@fso/db';
import type { SocketData } from '@fso/shared';
import type { ResolveSession } from './socket-types.ts';

export const VISITOR: SocketData = { signedIn: false, userId: '', username: '', sessionId: '' };

export function sessionResolver(ports: Pick<Ports, 'db'>, sessionSecret: string): ResolveSession {
  return async (cookieHeader) => {
    if (readCookie(cookieHeader, SESSION_COOKIE) === null) return VISITOR;
    const id = readSessionId(cookieHeader, sessionSecret);
    const found = id ? await findSessionUser(ports.db, id) : null;
    return found
      ? { signedIn: true, userId: String(found.userId), username: found.username, sessionId: found.sessionId }
      : null;
  };
}

/**
 * A socket's caller for a write, read with its session as a request's is (role, reputation, a
 * suspension begun since the handshake); nobody once the session has ended.
 */
export async function socketCaller(ports: Pick<Ports, 'db'>, sessionId: string, ip: string): Promise<Caller> {
  return { user: sessionId ? await findSessionUser(ports.db, sessionId) : null, ip };
}

/** A socket's caller for a read: the user its handshake settled (a write asks `socketCaller`). */
export const handshakeCaller = (data: SocketData, ip: string): Caller => ({
  user: data.signedIn ? { userId: Number(data.userId), username: data.username, sessionId: data.sessionId } : null,
  ip,
});
