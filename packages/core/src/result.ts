/**
 * The one result shape of every use case: a value, or a failure with a kind (never an HTTP
 * status; each transport maps kinds to its own answer: remix-app to a status, realtime to an
 * error event) and the human message from `MSG` that the user sees.
 */

export type FailureKind =
  /** The input breaks a rule the schema could not check (400). */
  | 'invalid'
  /** Nobody is signed in, or the credentials are wrong (401). */
  | 'unauthenticated'
  /** Signed in, but this actor may not do this (403). */
  | 'forbidden'
  /** What the input names does not exist (404). */
  | 'notFound'
  /** The state changed under the request, or it repeats a unique thing (409). */
  | 'conflict'
  /** Over a rate limit; `retryAfterSeconds` says when to try again (429). */
  | 'tooMany'
  /** A dependency is away for now (503). */
  | 'unavailable'
  /** Something failed that the user cannot fix; the message says so without details (500). */
  | 'internal';

export interface Failure {
  ok: false;
  kind: FailureKind;
  message: string;
  retryAfterSeconds?: number;
}

export type Result<T> = { ok: true; value: T } | Failure;

export const succeed = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = (kind: FailureKind, message: string, retryAfterSeconds?: number): Failure =>
  retryAfterSeconds === undefined ? { ok: false, kind, message } : { ok: false, kind, message, retryAfterSeconds };
