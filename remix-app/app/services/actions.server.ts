/**
 * How a screen's action answers when it does not redirect: always an ActionReply
 * (components/action-reply.ts), a refusal with the status that fits it (400 bad input, 403,
 * 404, 409, 429 with Retry-After…), so no-JavaScript posts and fetchers read the same thing.
 */
import { data } from '@remix-run/node';
import type { ActionReply } from '~/components/action-reply.ts';

/** `form` was handled; `message` is shown under it. */
export const replied = (form: string, message?: string) =>
  data<ActionReply>(message === undefined ? { ok: true, form } : { ok: true, form, message });

/** `form` was refused with `error`, shown under it. */
export const refused = (form: string, error: string, status = 400, headers?: Record<string, string>) =>
  data<ActionReply>({ ok: false, form, error }, { status, headers });
