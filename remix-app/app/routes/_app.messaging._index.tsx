/**
 * `/messaging` — the global room (SPEC §2): the newest messages with sender and time, older
 * ones a page at a time, a textarea and Send. Without JavaScript the form posts and the page
 * re-renders; with it, messages arrive live (messageUpdate) and any missed while the socket
 * was down are fetched when it reconnects.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { postRoomMessage, roomMessages } from '@fso/core';
import { messageSchema, messageUpdateSchema, parseWith, roomMessageFormSchema } from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { MessageForm } from '~/components/messaging/MessageForm.tsx';
import { MessageList } from '~/components/messaging/MessageList.tsx';
import { CATCH_UP_LIMIT, fetchParsed, useMessageFeed, type FeedSource } from '~/components/messaging/useMessageFeed.ts';
import { useSocketEvent } from '~/components/socket.tsx';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { requestedMessagePage } from '~/services/http.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePageUser(request, context);
  const { before, limit } = requestedMessagePage(new URL(request.url));
  const page = await roomMessages(context.ports, { before, limit });
  const first = page.messages[0];
  return {
    messages: page.messages,
    older: page.more && first ? first._id : null,
    paged: before !== undefined,
    now: Date.now(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const parsed = parseWith(roomMessageFormSchema, await formFields(request));
  if (!parsed.ok) return refused('send', parsed.message);
  const outcome = await postRoomMessage(context.ports, callerOf(context, actor), parsed.value);
  if (!outcome.ok) return refused('send', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return redirect('/messaging');
}

const ROOM: FeedSource = {
  key: 'room',
  fetchAfter: (after) =>
    fetchParsed(
      `/messaging/getMessages?limit=${CATCH_UP_LIMIT}${after ? `&after=${after}` : ''}`,
      z.array(messageSchema),
    ),
};

export default function GlobalMessagesPage() {
  const { messages, older, paged, now } = useLoaderData<typeof loader>();
  const result = useActionData<ActionReply>();
  const feed = useMessageFeed(messages, paged ? null : ROOM);
  useSocketEvent('messageUpdate', (payload) => {
    const parsed = messageUpdateSchema.safeParse(payload);
    if (parsed.success && !paged) feed.add([parsed.data.msg]);
  });

  return (
    <section className="messaging-page">
      <h1>Global Messages</h1>
      <nav className="pager" aria-label="Message pages">
        {older ? <Link to={`?before=${older}`}>Older messages</Link> : null}
        {paged ? <Link to="/messaging">Newest messages</Link> : null}
      </nav>
      <FormError message={feed.error} />
      <MessageList messages={feed.messages} now={now} label="Global messages" />
      <MessageForm
        schema={roomMessageFormSchema}
        hidden={{ intent: 'send' }}
        serverError={replyError(result, 'send')}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Global Messages — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
