/**
 * What a failed database call means, however the driver wrapped it (drizzle's DrizzleQueryError
 * carries node-postgres's error as its `cause`): PostgreSQL's SQLSTATE; whether the connection
 * failed — the server restarting, unreachable, or a connection cut mid-query, so the same request
 * may well succeed in a moment — whether PostgreSQL ended the transaction to break a deadlock,
 * and whether a write named a user whose account is gone.
 */

/** The SQLSTATE of the first error in the chain that has one. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN']);

/** node-postgres's own words for a lost or impossible connection (it gives them no code). */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * A connection that failed, not a statement: class 08 (connection exception), the server shutting
 * down or starting up (57P01–57P03), too many connections (53300), a socket error, or the driver
 * saying the connection ended.
 */
export function isConnectionFailure(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return state.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(state);
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === 'string' && SOCKET_CODES.has(code)) || DRIVER_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL rolled the transaction back to break a deadlock (40P01) or a serialization conflict (40001). */
export const isDeadlockVictim = (error: unknown): boolean => ['40P01', '40001'].includes(sqlState(error) ?? '');

/**
 * A write that names a user who is no longer there (23503 on a key into `users`): its author's
 * account was deleted between the session's check and the write, so the request is from nobody.
 */
export function isUserGone(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === '23503' && typeof detail === 'string' && /is not present in table "users"/.test(detail)) return true;
  }
  return false;
}
