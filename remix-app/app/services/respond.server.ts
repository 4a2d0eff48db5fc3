/**
 * The one place where a use case's result becomes a REST answer: 200 JSON, or the failure's
 * kind as a status with its message as plain text (Retry-After when it says when to retry).
 */
import type { Failure, FailureKind, Result } from '@fso/core';
import { ok, textError } from './http.server.ts';

const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  unavailable: 503,
  internal: 500,
};

export const statusOf = (failure: Failure): number => STATUS[failure.kind];

/** Retry-After for a failure that says when to try again (rate limits, a busy model). */
export const failureHeaders = (failure: Failure): Record<string, string> =>
  failure.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(failure.retryAfterSeconds) };

export const failureResponse = (failure: Failure): Response =>
  textError(statusOf(failure), failure.message, failureHeaders(failure));

export function respond<T>(
  outcome: Result<T>,
  body: (value: T) => unknown,
  headers?: (value: T) => HeadersInit,
): Response {
  if (!outcome.ok) return failureResponse(outcome);
  return ok(body(outcome.value), headers?.(outcome.value));
}
