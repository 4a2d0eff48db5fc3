/**
 * `/review` (moderators; users with the "edit without review" privilege see only Suggested
 * edits; 403 for everyone else): the review queue in tabs — Flags (posts with pending flags,
 * grouped per post with reasons, counts and flaggers), Suggested edits (approve, or reject with
 * a reason), Held (new accounts' first posts) and Spammers (remove an account in one step; each
 * removal's progress, live). Each post has Delete and Dismiss (Approve for a held one) buttons
 * posting to this page's action, so everything works without JavaScript; with it, removals'
 * progress moves as batches finish.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useEffect, useState } from 'react';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  deleteSpammer,
  isModerator,
  resolveFlags,
  reviewQueue,
  reviewsSuggestions,
  reviewSuggestedEdit,
  spammerRemovals,
  suggestedEditQueue,
} from '@fso/core';
import {
  deleteSpammerBodySchema,
  reviewSuggestedEditBodySchema,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  MOD_MSG,
  parseWith,
  relativeTime,
  resolveFlagsBodySchema,
  type SpammerRemovalProgress,
} from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { Pager } from '~/components/Pager.tsx';
import { SuggestedEditList } from '~/components/review/SuggestedEditList.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { useSocketEvent } from '~/components/socket.tsx';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { pageNumber } from '~/services/http.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

const TABS = [
  { key: 'flagged', label: 'Flags' },
  { key: 'suggested', label: 'Suggested edits' },
  { key: 'held', label: 'Held posts' },
  { key: 'spammers', label: 'Spammers' },
] as const;
type Tab = (typeof TABS)[number]['key'];
const PAGE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePageUser(request, context);
  const caller = callerOf(context, user);
  const moderator = isModerator(caller);
  invariantResponse(moderator || reviewsSuggestions(caller), 403, MOD_MSG.moderatorsOnly);
  const url = new URL(request.url);
  const tabs = moderator ? TABS : TABS.filter((t) => t.key === 'suggested');
  const tab: Tab = tabs.find((t) => t.key === url.searchParams.get('tab'))?.key ?? tabs[0].key;
  const page = pageNumber(url);
  const empty = { tab, tabs, page, items: [], suggestions: [], total: 0, removals: [] };
  if (tab === 'spammers') return { ...empty, removals: await spammerRemovals(context.ports) };
  if (tab === 'suggested') {
    const queue = await suggestedEditQueue(context.ports, caller, { limit: PAGE, offset: (page - 1) * PAGE });
    invariantOk(queue);
    return { ...empty, suggestions: queue.value.items, total: queue.value.total };
  }
  const queue = await reviewQueue(context.ports, caller, { queue: tab, limit: PAGE, offset: (page - 1) * PAGE });
  invariantOk(queue);
  return { ...empty, items: queue.value.items, total: queue.value.total };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePageUser(request, context);
  const caller = callerOf(context, user);
  const fields = await formFields(request);
  if (fields.intent === 'deleteSpammer') {
    const parsed = parseWith(deleteSpammerBodySchema, fields);
    if (!parsed.ok) return refused('spammer', parsed.message);
    const outcome = await deleteSpammer(context.ports, caller, parsed.value);
    if (!outcome.ok) return refused('spammer', outcome.message, statusOf(outcome), failureHeaders(outcome));
    return redirect('/review?tab=spammers');
  }
  if (fields.intent === 'approve' || fields.intent === 'reject') {
    const form = `suggestion:${fields.suggestion ?? ''}`;
    const parsed = parseWith(reviewSuggestedEditBodySchema, {
      id: fields.suggestion,
      decision: fields.intent,
      ...(fields.intent === 'reject' ? { reason: fields.reason } : {}),
    });
    if (!parsed.ok) return refused(form, parsed.message);
    const outcome = await reviewSuggestedEdit(context.ports, caller, parsed.value);
    if (!outcome.ok) return refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
    return redirect(request.url);
  }
  const form = `resolve:${fields.type ?? ''}:${fields.id ?? ''}`;
  const parsed = parseWith(resolveFlagsBodySchema, { ...fields, decision: fields.intent });
  if (!parsed.ok) return refused(form, parsed.message);
  const outcome = await resolveFlags(context.ports, caller, { ...parsed.value, id: Number(parsed.value.id) });
  if (!outcome.ok) return refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
  return redirect(request.url);
}

export default function ReviewPage() {
  const { tab, tabs, page, items, suggestions, total, removals } = useLoaderData<typeof loader>();
  const posted = useActionData<ActionReply>();
  const now = Date.now();
  return (
    <section className="review-page">
      <h1>Review</h1>
      <nav aria-label="Review queues">
        <ul className="review-tabs">
          {tabs.map((t) => (
            <li key={t.key}>
              <Link to={`/review?tab=${t.key}`} aria-current={t.key === tab ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'spammers' ? (
        <Spammers removals={removals} error={replyError(posted, 'spammer')} />
      ) : tab === 'suggested' ? (
        <>
          <p className="muted">
            {total === 0
              ? 'No suggested edit waits for review.'
              : `${total} suggested ${total === 1 ? 'edit waits' : 'edits wait'} for review, oldest first.`}
          </p>
          <SuggestedEditList items={suggestions} posted={posted} />
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / PAGE))}
            href={(n) => `/review?tab=${tab}&page=${n}`}
          />
        </>
      ) : (
        <>
          <p className="muted">
            {total === 0
              ? 'Nothing waits for review.'
              : `${total} ${total === 1 ? 'post waits' : 'posts wait'} for review, oldest first.`}
          </p>
          <ol className="review-list">
            {items.map((item) => (
              <li key={`${item.type}:${item.id}`} className="review-item">
                <h2>
                  {item.type === 'question' ? 'Question' : item.type === 'answer' ? 'Answer' : 'Comment'} by{' '}
                  {item.author ?? 'a deleted user'}
                  {item.hidden ? <span className="muted"> · hidden</span> : null}
                </h2>
                <p className="muted">
                  On <Link to={`/question/${item.questionId}`}>{item.title}</Link> · waiting since{' '}
                  <time dateTime={item.since} suppressHydrationWarning>
                    {relativeTime(new Date(item.since), new Date(now))}
                  </time>
                </p>
                <blockquote>{item.text}</blockquote>
                {item.flags.length ? (
                  <>
                    <ul className="review-reasons" aria-label="Reasons">
                      {FLAG_REASONS.filter((r) => item.reasons[r]).map((r) => (
                        <li key={r}>
                          {FLAG_REASON_LABELS[r]}: {item.reasons[r]}
                        </li>
                      ))}
                    </ul>
                    <p className="muted">
                      Flagged by{' '}
                      {item.flags
                        .map(
                          (f) =>
                            (f.text ? `${f.flagger} (“${f.text}”)` : f.flagger) +
                            (f.duplicateOf ? ` → #${f.duplicateOf}` : ''),
                        )
                        .join(', ')}
                    </p>
                  </>
                ) : null}
                <Form method="post" className="review-actions">
                  <input type="hidden" name="type" value={item.type} />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" name="intent" value="delete" className="danger">
                    Delete {item.type}
                  </button>
                  <button type="submit" name="intent" value="dismiss">
                    {item.flags.length ? 'Dismiss flags' : 'Approve'}
                  </button>
                  <FormError message={replyError(posted, `resolve:${item.type}:${item.id}`)} />
                </Form>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / PAGE))}
            href={(n) => `/review?tab=${tab}&page=${n}`}
          />
        </>
      )}
    </section>
  );
}

/** Remove a spammer, and the removals so far with their progress (live with JavaScript). */
function Spammers({ removals: loaded, error }: { removals: SpammerRemovalProgress[]; error: string | null }) {
  const [removals, setRemovals] = useState(loaded);
  useEffect(() => setRemovals(loaded), [loaded]);
  useSocketEvent('spammerRemoval', (progress) =>
    setRemovals((list) => list.map((r) => (r.username === progress.username ? progress : r))),
  );
  return (
    <>
      <Form method="post" className="stack">
        <label className="field" htmlFor="spammer-name">
          Username to remove as a spammer (every post, comment, message and vote goes; the account is closed)
          <input id="spammer-name" name="username" required maxLength={100} autoComplete="off" />
        </label>
        <button type="submit" name="intent" value="deleteSpammer" className="danger">
          Remove spammer
        </button>
        <FormError message={error} />
      </Form>
      <h2>Removals</h2>
      {removals.length === 0 ? <p className="muted">No spammer has been removed yet.</p> : null}
      <ul className="review-list">
        {removals.map((r) => (
          <li key={r.username} className="review-item">
            <p>
              <strong>{r.username}</strong>: {r.done ? 'removed' : 'removing'} — {r.removed} of {r.total}
            </p>
            <progress
              className="progress"
              max={Math.max(1, r.total)}
              value={r.done ? Math.max(1, r.total) : r.removed}
              aria-label={`Removal of ${r.username}`}
            />
          </li>
        ))}
      </ul>
      {removals.some((r) => !r.done) ? (
        <p>
          <Link to="/review?tab=spammers">Refresh</Link>
        </p>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: 'Review — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ failed: MOD_MSG.moderatorsOnly });
