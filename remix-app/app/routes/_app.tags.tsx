/**
 * `/tags` (SPEC §2): every tag with its question count and description; a click lists its questions.
 * A filter box keeps the tags whose name holds what is typed, and the list sorts by popularity
 * (the SPEC's order), name or newest (issue 42); each card links to the tag's page (`/tags/:name`).
 * It watches new questions only (they may add tags or counts) and patches its counts from them
 * (tag-deltas.ts), with no HTTP request; it re-reads only after a reconnect.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { tagsWithCount } from '@fso/core';
import { counted, parseWith, TAG_SORT_LABEL, TAG_SORTS, tagListQuerySchema, type TagSort } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { tagDeltas } from '~/components/live/tag-deltas.ts';
import { useDeltas, useReloadAfterReconnect, useWatch } from '~/components/live/useLive.ts';
import { Pager } from '~/components/Pager.tsx';
import { pageOffset } from '~/services/http.server.ts';

const PAGE_SIZE = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const offset = pageOffset(url, PAGE_SIZE);
  const parsed = parseWith(tagListQuerySchema, Object.fromEntries(url.searchParams));
  const { q = '', sort } = parsed.ok ? parsed.value : { sort: 'popular' as const };
  const page = await tagsWithCount(context.ports, { limit: PAGE_SIZE, offset, filter: q || undefined, sort });
  return {
    ...page,
    q,
    sort,
    pageNumber: Math.floor(offset / PAGE_SIZE) + 1,
    pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    now: Date.now(),
  };
}

/** `/tags` with the filter, the sort and the page; defaults left out. */
function listHref(q: string, sort: TagSort, page: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sort !== 'popular') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/tags?${search}` : '/tags';
}

export default function TagsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { pageNumber, pages, now, q, sort } = loaded;
  const initial = useMemo(() => ({ tags: loaded.tags, total: loaded.total, counted: [] }), [loaded]);
  // New tags join only the unfiltered, popular-first single page (elsewhere they would land out of order).
  const patchable = pages === 1 && !q && sort === 'popular';
  const deltas = useMemo(() => tagDeltas({ since: now, onlyPage: patchable }), [now, patchable]);
  const { tags, total } = useDeltas(initial, deltas);
  useWatch({ list: [] });
  useReloadAfterReconnect();
  return (
    <section className="tags-page">
      <div className="page-heading">
        <h1>{counted(total, 'Tag')}</h1>
        <Link className="button primary" to="/new/question">
          Ask a Question
        </Link>
      </div>
      <h2 className="tags-subheading">{q ? `Tags containing “${q}”` : 'All Tags'}</h2>
      <div className="list-toolbar">
        <Form method="get" role="search" className="tag-filter">
          <label htmlFor="tag-filter">Filter by tag name</label>
          <input id="tag-filter" type="search" name="q" defaultValue={q} maxLength={35} />
          {sort === 'popular' ? null : <input type="hidden" name="sort" value={sort} />}
          <button type="submit">Filter</button>
        </Form>
        <nav className="order-buttons" aria-label="Sort tags">
          {TAG_SORTS.map((s) => (
            <Link
              key={s}
              to={listHref(q, s, 1)}
              className={s === sort ? 'button active' : 'button'}
              aria-current={s === sort ? 'true' : undefined}
            >
              {TAG_SORT_LABEL[s]}
            </Link>
          ))}
        </nav>
      </div>
      {tags.length === 0 && pageNumber <= pages ? <p className="empty">No tags match “{q}”.</p> : null}
      <ul className="tag-grid">
        {tags.map((t) => (
          <li key={t._id} className="tag-card">
            <Link className="tag" to={`/home?tag=${encodeURIComponent(t.name)}`}>
              {t.name}
            </Link>
            <p className="tag-description">{t.description || <span className="muted">No description yet.</span>}</p>
            <div className="tag-card-foot">
              <p className="muted tag-count">{counted(t.qcnt, 'question')}</p>
              <Link to={`/tags/${encodeURIComponent(t.name)}`} aria-label={`About ${t.name}`}>
                about
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={pageNumber} pages={pages} href={(n) => listHref(q, sort, n)} />
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Tags — Fake Stack Overflow' },
  { name: 'description', content: 'Every tag of Fake Stack Overflow with its questions.' },
];

export const ErrorBoundary = routeErrorBoundary();
