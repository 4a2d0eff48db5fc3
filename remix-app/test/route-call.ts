/** Calls a route's loader or action the way Remix would, for tests; a thrown Response (a guard) is an answer too. */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import type { ActionReply } from '../app/components/action-reply.ts';

export type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => Promise<Response> | Response;

export async function answerOf(
  handler: Handler,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return await handler({ request, context, params });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown;
  }
}

/** A form as a browser posts it, sent with the session `cookie`. */
export const formPost = (cookie: string, fields: Record<string, string>) =>
  new Request('http://test/x', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

/**
 * What a screen's action answered: the status and headers it is sent with, and its ActionReply
 * (none for a Response, such as a redirect).
 */
export async function screenAnswer(
  action: (args: ActionFunctionArgs) => unknown,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; reply?: ActionReply }> {
  const answered = await action({ request, context, params });
  if (answered instanceof Response) return { status: answered.status, headers: answered.headers };
  const { data, init } = answered as { data: ActionReply; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), reply: data };
}
