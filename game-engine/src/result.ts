/**
 * The one result shape of the whole tree: a value, or a failure with a kind (never an HTTP
 * status; each transport maps kinds to its own answer: remix-app to a status, realtime to an
 * error event) and the human message the user sees. The game rules' verdicts, zod parsing
 * (`parseWith` in packages/shared), a locked game change's decision (packages/db) and every
 * use case (packages/core) answer it. It lives here, in the bottom package that imports
 * nothing, so every layer can (docs/decisions/0037).
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
  /** The input field the message is about, when parsing knows it (a form shows it there). */
  field?: string;
}

export type Result<T> = { ok: true; value: T } | Failure;

export const succeed = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = (kind: FailureKind, message: string, retryAfterSeconds?: number): Failure =>
  retryAfterSeconds === undefined ? { ok: false, kind, message } : { ok: false, kind, message, retryAfterSeconds };
