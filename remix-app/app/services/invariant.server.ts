/**
 * The guards of loaders and actions: a condition that must hold, or a use case's result that must
 * have succeeded, else the route throws its answer (a status and a human message as plain text,
 * Retry-After when the failure says when to retry), which the route's error boundary shows.
 */
import type { Result } from '@fso/core';
import { textError } from './http.server.ts';
import { failureResponse } from './respond.server.ts';

/** Throws `status` with `message` unless `condition` holds. */
export function invariantResponse(
  condition: unknown,
  status: number,
  message: string,
  headers?: HeadersInit,
): asserts condition {
  if (!condition) throw textError(status, message, headers);
}

/** Throws the failure's status and message unless `outcome` succeeded. */
export function invariantOk<T>(outcome: Result<T>): asserts outcome is { ok: true; value: T } {
  if (!outcome.ok) throw failureResponse(outcome);
}
