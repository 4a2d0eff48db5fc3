/** Use-case outcomes and how they become REST answers: 200 JSON or a plain-text error. */
import type { FailureKind, Result } from '@fso/core';
import { ok, textError } from './http.server.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string; headers?: Record<string, string> };

export const fail = (status: number, error: string, headers?: Record<string, string>) => ({ ok: false, status, error, headers }) as const;

/** The HTTP status of each kind of core failure. */
export const STATUS_OF: Record<FailureKind, number> = { invalid: 400, unauthenticated: 401, forbidden: 403, notFound: 404, conflict: 409, tooMany: 429, unavailable: 503 };

/** A core result as this transport's outcome: the failure's kind becomes its status (and Retry-After). */
export function outcomeOf<T>(result: Result<T>): Outcome<T> {
  if (result.ok) return result;
  const retry = result.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(result.retryAfterSeconds) };
  return fail(STATUS_OF[result.kind], result.message, retry);
}

export function respond<T>(outcome: Outcome<T>, body: (value: T) => unknown, headers?: (value: T) => HeadersInit): Response {
  if (!outcome.ok) return textError(outcome.status, outcome.error, outcome.headers);
  return ok(body(outcome.value), headers?.(outcome.value));
}
