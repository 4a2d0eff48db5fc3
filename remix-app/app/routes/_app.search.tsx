/**
 * `/search?text=` — natural-language results as a page: where the header's box lands without
 * JavaScript (with it, the box shows suggestions in place), and a shareable link. The top 10.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { semanticSearch } from '@fso/core';
import { MSG, parseWith, semanticSearchQuerySchema } from '@fso/shared';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, getSessionUser } from '~/services/session.server.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';

const RESULTS = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseWith(semanticSearchQuerySchema, { text: new URL(request.url).searchParams.get('text') ?? '' });
  if (!query.ok) return { text: '', hits: [], error: `Error: ${query.message}` };
  const { text } = query.value;
  if (!text) return { text, hits: [], error: null };
  const viewer = await getSessionUser(request, context);
  const outcome = await semanticSearch(context.ports, callerOf(context, viewer), { text, topk: RESULTS });
  if (outcome.ok) return { text, hits: outcome.value, error: null };
  return data(
    { text, hits: [], error: `Error: ${outcome.message}` },
    { status: statusOf(outcome), headers: failureHeaders(outcome) },
  );
}

export default function SemanticResultsPage() {
  const { text, hits, error } = useLoaderData<typeof loader>();
  return (
    <section className="search-page">
      <h1>{text ? `Questions like “${text}”` : 'Search by meaning'}</h1>
      {!text ? <p className="muted">{MSG.nlHint}</p> : null}
      {error ? <p className="form-error">{error}</p> : null}
      {text && !error && !hits.length ? <p className="muted">{MSG.nlNoResults}</p> : null}
      <ol className="question-list">
        {hits.map((hit) => (
          <li key={hit._id}>
            <Link className="question-title" to={`/question/${hit._id}`}>
              {hit.title}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Search by meaning — Fake Stack Overflow' },
  { name: 'robots', content: 'noindex' },
];

export const ErrorBoundary = routeErrorBoundary({ failed: MSG.semanticSearchError });
