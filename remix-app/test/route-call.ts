/** Calls a route's loader or action the way Remix would, for tests; a thrown Response (a guard) is an answer too. */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';

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
