/**
 * GET /question/semanticSearch?text=&topk=3 (SPEC §7) → questions ranked by meaning, each
 * `{ _id, title, score }`, best first; blank text → `[]`. Errors are `{ error }` objects (400 for
 * a bad query, 503 + Retry-After when the model's queue is full, 500 when search itself fails), as the spec's client reads them. Public.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { semanticSearch } from '@fso/core';
import { parseWith, semanticSearchQuerySchema } from '@fso/shared';
import { ok } from '~/services/http.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, getSessionUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseWith(semanticSearchQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return Response.json({ error: query.message }, { status: 400 });
  if (!query.value.text) return ok([]);
  const viewer = await getSessionUser(request, context);
  const outcome = await semanticSearch(context.ports, callerOf(context, viewer), query.value);
  return outcome.ok
    ? ok(outcome.value)
    : Response.json({ error: outcome.message }, { status: statusOf(outcome), headers: failureHeaders(outcome) });
}
