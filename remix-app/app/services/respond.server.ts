/** Turns an account Outcome into the REST answer: 200 JSON or a plain-text error. */
import type { Outcome } from './accounts.server.ts';
import { ok, textError } from './http.server.ts';

export function respond<T>(outcome: Outcome<T>, body: (value: T) => unknown, headers?: (value: T) => HeadersInit): Response {
  if (!outcome.ok) return textError(outcome.status, outcome.error, outcome.headers);
  return ok(body(outcome.value), headers?.(outcome.value));
}
