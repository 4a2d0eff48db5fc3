/**
 * `/users` — users with a filter box and join dates (SPEC §2), as on Stack Overflow (issue 42):
 * highest reputation first by default, with a switch to the newest members or names; each with
 * an identicon, reputation and "member for N"; numbered pages of 12, 36 or 72 — plain links and
 * a GET form, so all of it works without JavaScript. The list follows `userUpdate` live, in
 * place: an edit or deletion changes its row, a sign-up counts in a "N new users — show" bar
 * (components/live/user-deltas.ts).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { usersPage } from '@fso/core';
import {
  calendarDate,
  counted,
  memberFor,
  MSG,
  USER_PAGE_SIZE_DEFAULT,
  USER_PAGE_SIZES,
  USER_SORT_LABEL,
  USER_SORTS,
  userListQuerySchema,
  type UserListParams,
} from '@fso/shared';
import { Avatar } from '~/components/Avatar.tsx';
import { Pager } from '~/components/Pager.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { useFilterSubmit } from '~/components/filter-submit.ts';
import { NewItemsBar } from '~/components/live/NewItemsBar.tsx';
import { useDeltas, useReloadAfterReconnect } from '~/components/live/useLive.ts';
import { userDeltas } from '~/components/live/user-deltas.ts';
import { pageNumber } from '~/services/http.server.ts';
import { requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePageUser(request, context);
  const url = new URL(request.url);
  const { filter = '', sort, pagesize } = userListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = pageNumber(url);
  const found = await usersPage(context.ports, {
    filter: filter || undefined,
    sort,
    limit: pagesize,
    offset: (page - 1) * pagesize,
  });
  return {
    ...found,
    filter,
    sort,
    pagesize,
    page,
    pages: Math.max(1, Math.ceil(found.total / pagesize)),
    now: Date.now(),
  };
}

/** `/users` with the filter, sort, page size and page; defaults left out. */
function listHref({ filter, sort, pagesize }: UserListParams, page: number) {
  const params = new URLSearchParams();
  if (filter) params.set('filter', filter);
  if (sort !== 'reputation') params.set('sort', sort);
  if (pagesize !== USER_PAGE_SIZE_DEFAULT) params.set('pagesize', String(pagesize));
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/users?${search}` : '/users';
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>();
  const { total, filter, sort, pagesize, page, pages, now } = loaded;
  const initial = useMemo(() => ({ users: loaded.users, fresh: [] }), [loaded]);
  const deltas = useMemo(() => userDeltas<(typeof loaded.users)[number]>(filter), [filter]);
  const { users, fresh } = useDeltas(initial, deltas);
  useReloadAfterReconnect();
  const filterTyped = useFilterSubmit(filter);
  const query = { filter, sort, pagesize };

  return (
    <section className="users-page">
      <div className="page-heading">
        <h1>Users List</h1>
        <p className="muted">{counted(total, 'user')}</p>
      </div>
      <NewItemsBar count={fresh.length} noun="user" />
      <div className="list-toolbar">
        <Form method="get" role="search" className="tag-filter">
          <label htmlFor="user-filter">Search by username</label>
          <input id="user-filter" name="filter" type="search" defaultValue={filter} onChange={filterTyped} />
          {sort === 'reputation' ? null : <input type="hidden" name="sort" value={sort} />}
          {pagesize === USER_PAGE_SIZE_DEFAULT ? null : <input type="hidden" name="pagesize" value={pagesize} />}
          <noscript>
            <button type="submit">Filter</button>
          </noscript>
        </Form>
        <nav className="order-buttons" aria-label="Sort users">
          {USER_SORTS.map((s) => (
            <Link
              key={s}
              to={listHref({ ...query, sort: s }, 1)}
              className={s === sort ? 'button active' : 'button'}
              aria-current={s === sort ? 'true' : undefined}
            >
              {USER_SORT_LABEL[s]}
            </Link>
          ))}
        </nav>
      </div>
      {users.length === 0 && page <= pages ? <p className="empty">{MSG.noUsers}</p> : null}
      <ul className="user-grid" aria-label="Users">
        {users.map((u) => (
          <li key={u._id} className="user-card">
            <Avatar username={u.username} size={48} />
            <div className="user-card-text">
              <Link className="user-card-name" to={`/user/${encodeURIComponent(u.username)}`}>
                {u.username}
              </Link>
              <span className="reputation" title="reputation">
                {(u.reputation ?? 1).toLocaleString('en')}
              </span>
              <span className="muted">
                {memberFor(new Date(u.dateJoined), new Date(now))}, joined{' '}
                <time dateTime={u.dateJoined}>{calendarDate(new Date(u.dateJoined))}</time>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => listHref(query, n)} numbered />
      <nav className="page-sizes" aria-label="Users per page">
        <span>Per page</span>
        {USER_PAGE_SIZES.map((n) =>
          n === pagesize ? (
            <span key={n} className="pager-current" aria-current="true">
              {n}
            </span>
          ) : (
            <Link key={n} to={listHref({ ...query, pagesize: n }, 1)} aria-label={`${n} per page`}>
              {n}
            </Link>
          ),
        )}
      </nav>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Users — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
