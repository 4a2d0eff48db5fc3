/**
 * How a screen's action answers when it does not redirect: always an ActionReply
 * (components/action-reply.ts), a refusal with the status that fits it (400 bad input, 403,
 * 404, 409, 429 with Retry-After…), so no-JavaScript posts and fetchers read the same thing.
 * Answered to a script's submission, entry.server.tsx sends a refusal as 200, its status kept
 * in the reply, since a refused form is an answer, not a failed resource for the browser to log
 * (issue 42); a no-JavaScript post keeps the status.
 */
import { data } from '@remix-run/node';
import type { Failure } from '@fso/core';
import type { ActionReply } from '~/components/action-reply.ts';
import { failureHeaders, statusOf } from './respond.server.ts';

/** What a post form sent, handed back with its reply: the values typed, each field's error. */
type Posted = Pick<Extract<ActionReply, { ok: false }>, 'values' | 'fields'>;

/** `form` was handled; `message` is shown under it. */
export const replied = (form: string, message?: string) =>
  data<ActionReply>(message === undefined ? { ok: true, form } : { ok: true, form, message });

/** `form` was refused with `error`, shown under it (and `posted`'s field errors under their fields). */
export const refused = (form: string, error: string, status = 400, headers?: Record<string, string>, posted?: Posted) =>
  data<ActionReply>({ ok: false, form, error, status, ...posted }, { status, headers });

/** `form` was refused by a use case: the failure's message and status, Retry-After when it says when. */
export const refusedBy = (form: string, failure: Failure, posted?: Posted) =>
  refused(form, failure.message, statusOf(failure), failureHeaders(failure), posted);

/**
 * A script's submission (a single-fetch `.data` POST) answered with a 4xx, answered 200: the
 * reply (a refusal's ActionReply, or the error a route threw) carries its status. Loaders' data
 * requests, 5xx, and every no-JavaScript post are left as they are.
 */
export function quietRefusal(response: Response, request: Request): Response {
  if (request.method === 'GET' || response.status < 400 || response.status >= 500) return response;
  return new Response(response.body, { status: 200, headers: response.headers });
}
