/**
 * `/notifications`: the signed-in user's inbox, newest first, paged; each entry is a plain
 * link that opens the answer, comment or chat (GET /notification/open/:id), so it works without
 * JavaScript. Opening the inbox as a page reads it, as on Stack Overflow: the entries that were unread are
 * shown so this once, and the bell clears (issue 42). The list follows `notificationUpdate`
 * live, patched in place from the event (inbox-deltas.ts), with no HTTP request. The math of a
 * title or a post's excerpt comes rendered by the server (`titleHtml`, `excerptHtml`, issue 42 item 3).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useMemo, type ReactNode } from 'react';
import { useLoaderData } from '@remix-run/react';
import { inboxOf, openInbox } from '@fso/core';
import { relativeTime, type Notification } from '@fso/shared';
import { MathText } from '~/components/MathText.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { inboxDeltas } from '~/components/live/inbox-deltas.ts';
import { useDeltas, useReloadAfterReconnect } from '~/components/live/useLive.ts';
import { Pager } from '~/components/Pager.tsx';
import { openedAsPage, pageOffset } from '~/services/http.server.ts';
import { invariantOk } from '~/services/invariant.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

const PAGE_SIZE = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const url = new URL(request.url);
  const offset = pageOffset(url, PAGE_SIZE);
  // Fetched as an image or frame (a post's own-path image), nothing is read (issue 39).
  const open = openedAsPage(request) ? openInbox : inboxOf;
  const outcome = await open(context.ports, callerOf(context, actor), { limit: PAGE_SIZE, offset });
  invariantOk(outcome);
  const inbox = outcome.value;
  return { ...inbox, page: Math.floor(offset / PAGE_SIZE) + 1, now: Date.now() };
}

function describe(n: Notification): ReactNode {
  const who = n.actor ?? 'A deleted user';
  const text = n.title ?? '';
  // Its math rendered by the server (core's inbox), also for one that arrives live.
  const title = (
    <>
      “<MathText text={text} math={n.titleHtml === undefined ? null : { text, html: n.titleHtml }} />”
    </>
  );
  switch (n.kind) {
    case 'answer':
      return (
        <>
          {who} answered your question {title}
        </>
      );
    case 'comment':
      return (
        <>
          {who} commented on your {n.aid ? 'answer' : 'question'} in {title}
        </>
      );
    case 'accepted':
      return (
        <>
          {who} accepted your answer to {title}
        </>
      );
    case 'mention':
      return (
        <>
          {who} mentioned you in {title}
        </>
      );
    case 'message':
      return `${who} sent you a message`;
    case 'moderation':
      return `${who} ${n.excerpt}`;
  }
}

export default function NotificationsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { page, now } = loaded;
  const initial = useMemo(
    () => ({ notifications: loaded.notifications, unread: loaded.unread, total: loaded.total }),
    [loaded],
  );
  const deltas = useMemo(() => inboxDeltas(page, PAGE_SIZE), [page]);
  const { notifications, unread, total } = useDeltas(initial, deltas);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useReloadAfterReconnect();
  return (
    <section className="inbox-page">
      <div className="page-heading">
        <h1>Notifications</h1>
        <p className="muted" id="inbox-summary">
          {unread} unread of {total}
        </p>
      </div>
      {notifications.length === 0 ? (
        <p className="empty">
          No notifications yet. When someone answers your question, comments on your post, accepts your answer, mentions
          you or sends you a message, it shows up here.
        </p>
      ) : (
        <ul className="inbox-list">
          {notifications.map((n) => (
            <li key={n._id} className={n.read ? undefined : 'inbox-unread'}>
              <a href={`/notification/open/${n._id}`}>
                <span className="inbox-what">{describe(n)}</span>
                {n.read ? null : <span className="visually-hidden"> (unread)</span>}{' '}
                <time className="muted" dateTime={n.createdAt} suppressHydrationWarning>
                  {relativeTime(new Date(n.createdAt), new Date(now))}
                </time>
                {n.excerpt && n.kind !== 'moderation' ? (
                  <span className="inbox-excerpt">
                    <MathText
                      text={n.excerpt}
                      math={n.excerptHtml === undefined ? null : { text: n.excerpt, html: n.excerptHtml }}
                    />
                  </span>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => `?page=${p}`} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Notifications — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
