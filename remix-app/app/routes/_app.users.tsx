/**
 * `/users` — every user by name with a filter box and join dates (SPEC §2), paged; reputation
 * beside each name and a switch to sort by it (`?sort=reputation`, paged by `?page=`). The list
 * follows `userUpdate` live, in place: an edit or deletion changes its row, a sign-up counts
 * in a "N new users — show" bar (components/live/user-deltas.ts).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { usersPage } from '@fso/core';
import { calendarDate, counted, MSG } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { useFilterSubmit } from '~/components/filter-submit.ts';
import { NewItemsBar } from '~/components/live/NewItemsBar.tsx';
import { useDeltas, useReloadAfterReconnect } from '~/components/live/useLive.ts';
import { userDeltas } from '~/components/live/user-deltas.ts';
import { pageLimit, pageOffset } from '~/services/http.server.ts';
import { requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePageUser(request, context);
  const url = new URL(request.url);
  const filter = url.searchParams.get('filter')?.trim().slice(0, 100) ?? '';
  const after = url.searchParams.get('after') ?? undefined;
  const limit = pageLimit(url);
  const sort = url.searchParams.get('sort') === 'reputation' ? 'reputation' : 'name';
  const offset = pageOffset(url, limit);
  const page = await usersPage(context.ports, { filter: filter || undefined, after, limit, sort, offset });
  const last = page.users.at(-1);
  const full = page.users.length === limit && last;
  return {
    ...page,
    filter,
    sort,
    next: full ? (sort === 'reputation' ? String(offset / limit + 2) : last.username) : null,
    paged: Boolean(after) || offset > 0,
  };
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>();
  const { total, filter, sort, next, paged } = loaded;
  const initial = useMemo(() => ({ users: loaded.users, fresh: [] }), [loaded]);
  const deltas = useMemo(() => userDeltas<(typeof loaded.users)[number]>(filter), [filter]);
  const { users, fresh } = useDeltas(initial, deltas);
  useReloadAfterReconnect();
  const sorted = (by: string) =>
    `?${new URLSearchParams({ ...(filter ? { filter } : {}), ...(by === 'reputation' ? { sort: by } : {}) })}`;
  const filterTyped = useFilterSubmit(filter);
  const [params] = useSearchParams();

  return (
    <section className="users-page">
      <div className="page-heading">
        <h1>Users List</h1>
        <p className="muted">{counted(total, 'user')}</p>
      </div>
      <NewItemsBar count={fresh.length} noun="user" />
      <Form method="get" role="search" className="inline-form">
        <label className="field">
          <span>Search by username</span>
          <input name="filter" type="search" defaultValue={filter} onChange={filterTyped} />
        </label>
        {sort === 'reputation' ? <input type="hidden" name="sort" value="reputation" /> : null}
        <noscript>
          <button type="submit">Filter</button>
        </noscript>
      </Form>
      <nav className="user-sort" aria-label="Sort users">
        Sort by{' '}
        <Link to={sorted('name')} aria-current={sort === 'name' ? 'page' : undefined}>
          name
        </Link>{' '}
        ·{' '}
        <Link to={sorted('reputation')} aria-current={sort === 'reputation' ? 'page' : undefined}>
          reputation
        </Link>
      </nav>
      {users.length === 0 ? (
        <p className="empty">{MSG.noUsers}</p>
      ) : (
        <ul className="user-list">
          {users.map((u) => (
            <li key={u._id}>
              <Link to={`/user/${encodeURIComponent(u.username)}`}>{u.username}</Link>{' '}
              <span className="reputation" title="reputation">
                {u.reputation ?? 1}
              </span>
              <span className="muted"> joined {calendarDate(new Date(u.dateJoined))}</span>
            </li>
          ))}
        </ul>
      )}
      <nav className="pager" aria-label="Pages">
        {paged ? <Link to={sorted(sort)}>First page</Link> : null}
        {next ? (
          <Link
            to={`?${new URLSearchParams({ ...Object.fromEntries(params), [sort === 'reputation' ? 'page' : 'after']: next })}`}
          >
            Next page
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Users — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
