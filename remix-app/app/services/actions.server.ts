/**
 * How a screen's action answers when it does not redirect: always an ActionReply
 * (components/action-reply.ts), a refusal with the status that fits it (400 bad input, 403,
 * 404, 409, 429 with Retry-After…), so no-JavaScript posts and fetchers read the same thing.
 * Answered to a script's submission, entry.server.tsx sends a refusal as 200, its status kept
 * in the reply, since a refused form is an answer, not a failed resource for the browser to log
 * (issue 42); a no-JavaScript post keeps the status.
 */
import { data } from '@remix-run/node';
import type { ActionReply } from '~/components/action-reply.ts';

/** `form` was handled; `message` is shown under it. */
export const replied = (form: string, message?: string) =>
  data<ActionReply>(message === undefined ? { ok: true, form } : { ok: true, form, message });

/** `form` was refused with `error`, shown under it. */
export const refused = (form: string, error: string, status = 400, headers?: Record<string, string>) =>
  data<ActionReply>({ ok: false, form, error, status }, { status, headers });

/**
 * A script's submission (a single-fetch `.data` POST) answered with a 4xx, answered 200: the
 * reply (a refusal's ActionReply, or the error a route threw) carries its status. Loaders' data
 * requests, 5xx, and every no-JavaScript post are left as they are.
 */
export function quietRefusal(response: Response, request: Request): Response {
  if (request.method === 'GET' || response.status < 400 || response.status >= 500) return response;
  return new Response(response.body, { status: 200, headers: response.headers });
}
