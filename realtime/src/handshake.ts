/**
 * The handshake's identity: the signed session cookie, checked against the sessions table.
 * One resolver for every way the service runs (in the web process, alone, in tests).
 */
import { findSessionUser, readSessionId, type Database } from '@fso/db';
import type { RealtimeDeps } from './realtime-server.ts';

export function sessionResolver(database: Database, sessionSecret: string): RealtimeDeps['resolveSession'] {
  return async (cookieHeader) => {
    const id = readSessionId(cookieHeader, sessionSecret);
    const found = id ? await findSessionUser(database.db, id) : null;
    return found ? { userId: String(found.userId), username: found.username, sessionId: found.sessionId } : null;
  };
}
