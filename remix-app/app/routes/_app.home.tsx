/** `/home` — the question list, newest first, paged (SPEC §2). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { listNewestQuestions } from '@fso/db';
import { MSG, relativeTime } from '@fso/shared';
import { pageLimit } from '~/services/http.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const limit = pageLimit(url, 20);
  const pageNumber = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  const page = await listNewestQuestions(context.database.db, { limit, offset: (pageNumber - 1) * limit });
  return { ...page, pageNumber, pages: Math.max(1, Math.ceil(page.total / limit)), now: Date.now() };
}

export default function HomePage() {
  const { questions, total, pageNumber, pages, now } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="page-heading">
        <h1>All Questions</h1>
        <p className="muted">{total} questions</p>
      </div>
      {questions.length === 0 ? (
        <p className="empty">{MSG.noQuestions}</p>
      ) : (
        <ul className="question-list">
          {questions.map((q) => (
            <li key={q._id}>
              <div className="stats muted">
                {q.answerCount} answers · {q.viewCount} views
              </div>
              <Link to={`/question/${q._id}`}>{q.title}</Link>
              <div className="muted">
                {q.askedBy ?? 'deleted user'} asked {relativeTime(new Date(q.askDateTime), new Date(now))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {pageNumber > 1 ? <Link to={`?page=${pageNumber - 1}`}>Previous</Link> : null}
          <span>
            Page {pageNumber} of {pages}
          </span>
          {pageNumber < pages ? <Link to={`?page=${pageNumber + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: 'All Questions — Fake Stack Overflow' },
  { name: 'description', content: 'Questions and answers from the Fake Stack Overflow community.' },
];
