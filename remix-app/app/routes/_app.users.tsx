/**
 * `/users` — every user by name with a filter box and join dates (SPEC §2), paged. The list
 * follows `userUpdate` live: a sign-up, edit or deletion anywhere re-reads the page.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useRevalidator, useSearchParams, useSubmit } from '@remix-run/react';
import { listUsers } from '@fso/db';
import { calendarDate, counted, MSG } from '@fso/shared';
import { useSocketEvent } from '~/components/socket.tsx';
import { pageLimit } from '~/services/http.server.ts';
import { requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePageUser(request, context);
  const url = new URL(request.url);
  const filter = url.searchParams.get('filter')?.trim().slice(0, 100) ?? '';
  const after = url.searchParams.get('after') ?? undefined;
  const limit = pageLimit(url);
  const page = await listUsers(context.database.db, { filter: filter || undefined, after, limit });
  const last = page.users.at(-1);
  return { ...page, filter, next: page.users.length === limit && last ? last.username : null, paged: Boolean(after) };
}

export default function UsersPage() {
  const { users, total, filter, next, paged } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const [params] = useSearchParams();
  useSocketEvent('userUpdate', () => revalidator.revalidate());

  return (
    <section className="users-page">
      <div className="page-heading">
        <h1>Users List</h1>
        <p className="muted">{counted(total, 'user')}</p>
      </div>
      <Form method="get" role="search" className="inline-form">
        <label className="field">
          <span>Search by username</span>
          <input
            name="filter"
            type="search"
            defaultValue={filter}
            onChange={(e) => submit(e.currentTarget.form, { replace: true })}
          />
        </label>
        <noscript>
          <button type="submit">Filter</button>
        </noscript>
      </Form>
      {users.length === 0 ? (
        <p className="empty">{MSG.noUsers}</p>
      ) : (
        <ul className="user-list">
          {users.map((u) => (
            <li key={u._id}>
              <Link to={`/user/${encodeURIComponent(u.username)}`}>{u.username}</Link>
              <span className="muted"> joined {calendarDate(new Date(u.dateJoined))}</span>
            </li>
          ))}
        </ul>
      )}
      <nav className="pager" aria-label="Pages">
        {paged ? <Link to={filter ? `?filter=${encodeURIComponent(filter)}` : '?'}>First page</Link> : null}
        {next ? <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), after: next })}`}>Next page</Link> : null}
      </nav>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Users — Fake Stack Overflow' }];
