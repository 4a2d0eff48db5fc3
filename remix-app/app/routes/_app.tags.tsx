/**
 * `/tags` (SPEC §2): every tag with its question count and description; a click lists its questions.
 * It watches new questions only (they may add tags or counts) and patches its counts from them
 * (tag-deltas.ts), with no HTTP request; it re-reads only after a reconnect.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Link, useLoaderData } from '@remix-run/react';
import { tagsWithCount } from '@fso/core';
import { counted } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { tagDeltas } from '~/components/live/tag-deltas.ts';
import { useDeltas, useReloadAfterReconnect, useWatch } from '~/components/live/useLive.ts';
import { Pager } from '~/components/Pager.tsx';
import { pageOffset } from '~/services/http.server.ts';

const PAGE_SIZE = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const offset = pageOffset(url, PAGE_SIZE);
  const page = await tagsWithCount(context.ports, { limit: PAGE_SIZE, offset });
  return {
    ...page,
    pageNumber: Math.floor(offset / PAGE_SIZE) + 1,
    pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    now: Date.now(),
  };
}

export default function TagsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { pageNumber, pages, now } = loaded;
  const initial = useMemo(() => ({ tags: loaded.tags, total: loaded.total, counted: [] }), [loaded]);
  const deltas = useMemo(() => tagDeltas({ since: now, onlyPage: pages === 1 }), [now, pages]);
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
      <h2 className="tags-subheading">All Tags</h2>
      <ul className="tag-grid">
        {tags.map((t) => (
          <li key={t._id} className="tag-card">
            <Link className="tag" to={`/home?tag=${encodeURIComponent(t.name)}`}>
              {t.name}
            </Link>
            <p className="tag-description">{t.description || <span className="muted">No description yet.</span>}</p>
            <p className="muted tag-count">{counted(t.qcnt, 'question')}</p>
          </li>
        ))}
      </ul>
      <Pager page={pageNumber} pages={pages} href={(n) => `/tags?page=${n}`} />
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Tags — Fake Stack Overflow' },
  { name: 'description', content: 'Every tag of Fake Stack Overflow with its questions.' },
];

export const ErrorBoundary = routeErrorBoundary();
