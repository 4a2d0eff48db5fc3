/** Use-case outcomes and how they become REST answers: 200 JSON or a plain-text error. */
import { ok, textError } from './http.server.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string; headers?: Record<string, string> };

export const fail = (status: number, error: string, headers?: Record<string, string>) => ({ ok: false, status, error, headers }) as const;

export function respond<T>(outcome: Outcome<T>, body: (value: T) => unknown, headers?: (value: T) => HeadersInit): Response {
  if (!outcome.ok) return textError(outcome.status, outcome.error, outcome.headers);
  return ok(body(outcome.value), headers?.(outcome.value));
}
