/**
 * The handshake's identity: the signed session cookie, checked against the sessions table.
 * No session cookie (or one not signed by us): a visitor's read-only socket. A well-signed
 * cookie whose session has ended: refused, so a signed-in page goes back to the login screen.
 * One resolver for every way the service runs (in the web process, alone, in tests).
 */
import { findSessionUser, readSessionId, type Database } from '@fso/db';
import type { SocketData } from '@fso/shared';
import type { RealtimeDeps } from './realtime-server.ts';

export const VISITOR: SocketData = { signedIn: false, userId: '', username: '', sessionId: '' };

export function sessionResolver(database: Database, sessionSecret: string): RealtimeDeps['resolveSession'] {
  return async (cookieHeader) => {
    const id = readSessionId(cookieHeader, sessionSecret);
    if (!id) return VISITOR;
    const found = await findSessionUser(database.db, id);
    return found ? { signedIn: true, userId: String(found.userId), username: found.username, sessionId: found.sessionId } : null;
  };
}
