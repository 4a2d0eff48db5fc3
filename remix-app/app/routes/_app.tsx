/**
 * Layout of every screen after login (SPEC §2): header (with the inbox's unread count), side
 * menu, a suspended user's notice, and the live socket — for a signed-in user with a visible reconnecting state. Public pages (questions, tags,
 * profiles) also render here for visitors and crawlers, read-only, with a read-only socket.
 */
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { reviewCountFor, suspensionOf, unreadFor } from '@fso/core';
import { Outlet, useLoaderData } from '@remix-run/react';
import { MSG } from '@fso/shared';
import { Header } from '~/components/Header.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { SuspensionNotice } from '~/components/moderation/SuspensionNotice.tsx';
import { SideMenu } from '~/components/SideMenu.tsx';
import { ConnectionBanner, SocketProvider } from '~/components/socket.tsx';
import { callerOf, getSessionUser } from '~/services/session.server.ts';
import helpStyles from '~/help.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: helpStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  const caller = callerOf(context, user);
  const [unread, review] = await Promise.all([unreadFor(context.ports, caller), reviewCountFor(context.ports, caller)]);
  const suspended = suspensionOf(caller);
  const suspension = suspended ? { until: suspended.until.toISOString(), reason: suspended.reason } : null;
  return { username: user?.username ?? null, unread, review, suspension };
}

export default function AppLayout() {
  const { username, unread, review, suspension } = useLoaderData<typeof loader>();
  const page = (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header username={username} unread={unread} review={review} />
      <div className="app-body">
        <SideMenu moderator={review !== null} />
        <main className="content" id="main" tabIndex={-1}>
          {username ? <ConnectionBanner /> : null}
          {username ? <SuspensionNotice suspension={suspension} /> : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
  return <SocketProvider visitor={!username}>{page}</SocketProvider>;
}

export const ErrorBoundary = routeErrorBoundary({ standalone: true, failed: MSG.serverError });
