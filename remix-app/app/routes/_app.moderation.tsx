/**
 * `/moderation` (moderators; 403 for everyone else): the moderators' log, newest first, 30 a
 * page — who acted and when, what they did to which question, post or account (linked), and why.
 * Read-only plain links, so it works without JavaScript.
 */
import type { ReactNode } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { isModerator, readModLog } from '@fso/core';
import {
  CLOSE_REASON_TEXT,
  CLOSE_REASONS,
  MOD_MSG,
  relativeTime,
  suspensionDate,
  type CloseReason,
  type ModAction,
  type ModLogEntry,
} from '@fso/shared';
import { Pager } from '~/components/Pager.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { pageNumber } from '~/services/http.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

const PAGE = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePageUser(request, context);
  const caller = callerOf(context, user);
  invariantResponse(isModerator(caller), 403, MOD_MSG.moderatorsOnly);
  const page = pageNumber(new URL(request.url));
  const log = await readModLog(context.ports, caller, { limit: PAGE, offset: (page - 1) * PAGE });
  invariantOk(log);
  return { page, entries: log.value.items, total: log.value.total, now: Date.now() };
}

const DID: Record<ModAction, string> = {
  close: 'closed',
  reopen: 'reopened',
  lock: 'locked',
  unlock: 'unlocked',
  delete: 'deleted',
  dismiss: 'dismissed the flags on',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  deleteSpammer: 'removed as a spammer',
  setRole: 'changed the role of',
  reverseSerialVotes: 'reversed serial votes of',
};

/** What was acted on, linked where it has a page of its own. */
function Target({ target }: { target: ModLogEntry['target'] }) {
  const label = target.label || `${target.kind} ${target.id}`;
  if (target.kind === 'question') return <Link to={`/question/${target.id}`}>{label}</Link>;
  if (target.kind === 'user') return <Link to={`/user/${encodeURIComponent(target.label)}`}>{label}</Link>;
  return (
    <>
      {target.kind === 'answer' ? 'an answer' : 'a comment'} ({label})
    </>
  );
}

const isCloseReason = (r: string): r is CloseReason => (CLOSE_REASONS as readonly string[]).includes(r);

/** Why, and the details that say more (a duplicate's target, a suspension's end, a role change). */
function Why({ entry }: { entry: ModLogEntry }) {
  const { reason, details } = entry;
  const parts: ReactNode[] = [];
  if (reason) parts.push(isCloseReason(reason) ? CLOSE_REASON_TEXT[reason].split(':')[0] : reason);
  if (typeof details.duplicateOf === 'number' || typeof details.duplicateOf === 'string')
    parts.push(
      <>
        of <Link to={`/question/${details.duplicateOf}`}>question {String(details.duplicateOf)}</Link>
      </>,
    );
  if (typeof details.until === 'string') parts.push(`until ${suspensionDate(new Date(details.until))}`);
  if (typeof details.from === 'string' && typeof details.to === 'string') parts.push(`${details.from} → ${details.to}`);
  if (parts.length === 0) return null;
  return (
    <p className="mod-log-why">
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? ' · ' : ''}
          {p}
        </span>
      ))}
    </p>
  );
}

export default function ModerationLog() {
  const { page, entries, total, now } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <section className="mod-log-page">
      <h1>Moderators’ log</h1>
      <p className="muted">
        {total === 1 ? '1 action' : `${total.toLocaleString('en')} actions`}, newest first.{' '}
        <Link to="/review">Review queue</Link>
      </p>
      {entries.length === 0 && page === 1 ? <p>No moderator has acted yet.</p> : null}
      <ol className="mod-log">
        {entries.map((e) => (
          <li key={e._id} className="mod-log-entry" data-action={e.action}>
            <p>
              {e.moderator ? (
                <Link to={`/user/${encodeURIComponent(e.moderator)}`}>{e.moderator}</Link>
              ) : e.action === 'reverseSerialVotes' ? (
                'The serial-voting check'
              ) : (
                'The command line'
              )}{' '}
              {DID[e.action]} <Target target={e.target} />{' '}
              <time className="muted" dateTime={e.at} title={e.at} suppressHydrationWarning>
                {relativeTime(new Date(e.at), new Date(now))}
              </time>
            </p>
            <Why entry={e} />
          </li>
        ))}
      </ol>
      <Pager page={page} pages={pages} href={(p) => `?page=${p}`} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Moderators’ log — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
