/**
 * `/messaging/direct-message` (SPEC §2): the user's chats, a "Start a Chat" panel to pick a
 * user and create (or reopen) the chat with them, the selected chat's messages (`?chat=<id>`)
 * and an input. Everything is a link or a form, so it works without JavaScript. With it, the
 * page joins the selected chat's room for live messages, catches up after a reconnect, keeps
 * the chat list's previews current from them (those of chats not open too, marked "new
 * message"), and re-reads the chat list when a chat including this user is created or changes. The user picker searches every user and shows more on
 * request (`?people=`); with no chat chosen the composer is off and says "Select a chat first".
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { useMemo, useState, type FormEvent } from 'react';
import { chatsOf, fail, openChat, postChatMessage, startChat, succeed, usersPage, type Result } from '@fso/core';
import {
  chatMessageFormSchema,
  chatSchema,
  chatUpdateSchema,
  MSG,
  parseId,
  parseWith,
  startChatFormSchema,
  type Chat,
  type Message,
} from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { MessageForm } from '~/components/messaging/MessageForm.tsx';
import { MessageList } from '~/components/messaging/MessageList.tsx';
import { CATCH_UP_LIMIT, fetchParsed, useMessageFeed, type FeedSource } from '~/components/messaging/useMessageFeed.ts';
import { Pager } from '~/components/Pager.tsx';
import { useSocketEvent } from '~/components/socket.tsx';
import { useReadingChat } from '~/components/inbox/reading-chat.ts';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { pageOffset, requestedMessagePage } from '~/services/http.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser, type SessionUser } from '~/services/session.server.ts';

const CHATS_PER_PAGE = 30;
const USERS_SHOWN = 20;
/** The most users the picker lists at once (its "More users" link adds USERS_SHOWN a time). */
const USERS_MAX = 200;
const PATH = '/messaging/direct-message';

async function selectedChat(
  context: AppLoadContext,
  actor: SessionUser,
  url: URL,
): Promise<Result<{ chat: Chat; older: string | null; paged: boolean }> | null> {
  const raw = url.searchParams.get('chat');
  if (raw === null) return null;
  const id = parseId(raw);
  if (id === null) return fail('notFound', MSG.chatNotFound);
  const { before, limit } = requestedMessagePage(url);
  const opened = await openChat(context.ports, callerOf(context, actor), { chatId: id, page: { before, limit } });
  if (!opened.ok) return opened;
  const first = opened.value.chat.messages[0];
  return succeed({
    chat: opened.value.chat,
    older: opened.value.more && first ? first._id : null,
    paged: before !== undefined,
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const url = new URL(request.url);
  const find = url.searchParams.get('find')?.trim().slice(0, 100) ?? '';
  const asked = Number(url.searchParams.get('people'));
  const shown = Number.isInteger(asked) && asked > USERS_SHOWN ? Math.min(asked, USERS_MAX) : USERS_SHOWN;
  const offset = pageOffset(url, CHATS_PER_PAGE);
  const [list, people, selected] = await Promise.all([
    chatsOf(context.ports, callerOf(context, actor), {
      username: actor.username,
      page: { limit: CHATS_PER_PAGE, offset },
    }),
    // One past what is shown, past the viewer too: whether there are more to offer.
    usersPage(context.ports, { filter: find || undefined, limit: shown + 2 }),
    selectedChat(context, actor, url),
  ]);
  const page = {
    me: actor.username,
    chats: list.ok ? list.value.chats : [],
    chatPage: Math.floor(offset / CHATS_PER_PAGE) + 1,
    chatPages: Math.max(1, Math.ceil((list.ok ? list.value.total : 0) / CHATS_PER_PAGE)),
    users: people.users.filter((u) => u.username !== actor.username).slice(0, shown),
    morePeople:
      people.users.filter((u) => u.username !== actor.username).length > shown && shown < USERS_MAX
        ? shown + USERS_SHOWN
        : null,
    find,
    selected: selected?.ok ? selected.value : null,
    selectError: selected && !selected.ok ? selected.message : null,
    now: Date.now(),
  };
  return data(page, { status: selected && !selected.ok ? statusOf(selected) : 200 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);

  if (fields.intent === 'create') {
    const parsed = parseWith(startChatFormSchema, fields);
    if (!parsed.ok) return refused('create', parsed.message);
    const outcome = await startChat(context.ports, callerOf(context, actor), {
      participants: [actor.username, parsed.value.username],
      messages: [],
    });
    if (!outcome.ok) return refused('create', outcome.message, statusOf(outcome));
    return redirect(`${PATH}?chat=${outcome.value._id}`);
  }
  if (fields.intent === 'send') {
    const parsed = parseWith(chatMessageFormSchema, fields);
    if (!parsed.ok) return refused('send', parsed.message);
    const outcome = await postChatMessage(context.ports, callerOf(context, actor), {
      chatId: parsed.value.chatId,
      msg: parsed.value.msg,
    });
    if (!outcome.ok) return refused('send', outcome.message, statusOf(outcome), failureHeaders(outcome));
    return redirect(`${PATH}?chat=${parsed.value.chatId}`);
  }
  return refused('unknown', 'Unknown action.');
}

const NO_MESSAGES: Message[] = [];

/** The selected chat as a live feed: join its room on each connect, then fetch what was missed. */
function chatFeed(chatId: string): FeedSource {
  return {
    key: `chat:${chatId}`,
    fetchAfter: async (after) =>
      (await fetchParsed(`/chat/${chatId}?limit=${CATCH_UP_LIMIT}${after ? `&after=${after}` : ''}`, chatSchema))
        .messages,
    enter: async (socket) => {
      const joined = await socket.timeout(10_000).emitWithAck('joinChat', chatId);
      if (!joined.ok) throw new Error(joined.error);
    },
    leave: (socket) => {
      socket.emit('leaveChat', chatId);
    },
  };
}

export default function DirectMessagesPage() {
  const { me, chats, chatPage, chatPages, users, morePeople, find, selected, selectError, now } =
    useLoaderData<typeof loader>();
  const result = useActionData<ActionReply>();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [liveError, setLiveError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  // The newest message of each chat seen live, for the list's previews (the loader's are older).
  const [latest, setLatest] = useState<Record<string, Message>>({});

  const chatId = selected?.chat._id ?? null;
  const source = useMemo(() => (chatId && !selected?.paged ? chatFeed(chatId) : null), [chatId, selected?.paged]);
  const feed = useMessageFeed(selected?.chat.messages ?? NO_MESSAGES, source);
  useReadingChat(source ? chatId : null);

  useSocketEvent('chatUpdate', (payload) => {
    const parsed = parseWith(chatUpdateSchema, payload);
    if (!parsed.ok) return setLiveError(parsed.message);
    if (parsed.value.type !== 'newMessage') return revalidator.revalidate();
    const { chat } = parsed.value;
    const newest = chat.messages.at(-1);
    if (newest) setLatest((seen) => ({ ...seen, [chat._id]: newest }));
    if (chat._id === chatId && !selected?.paged) feed.add(chat.messages);
  });

  function checkPick(event: FormEvent<HTMLFormElement>) {
    const parsed = parseWith(startChatFormSchema, Object.fromEntries(new FormData(event.currentTarget)));
    setPickError(parsed.ok ? null : parsed.message);
    if (!parsed.ok) event.preventDefault();
  }

  // The open chat's newest is the feed's (caught up after a reconnect too); another's, the last seen live.
  const preview = (chat: Chat): Message | undefined =>
    (chat._id === chatId && !selected?.paged ? feed.messages.at(-1) : undefined) ??
    latest[chat._id] ??
    chat.messages[0];
  // A chat not open here whose newest message, seen live, is someone else's (issue 42).
  const unread = (chat: Chat): boolean =>
    chat._id !== chatId && latest[chat._id] !== undefined && latest[chat._id]!.msgFrom !== me;
  const others = (chat: Chat) => chat.participants.filter((p) => p !== me).join(', ') || me;
  const pageHref = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(params), page: String(n) })}`;

  return (
    <section className="dm-page">
      <h1>Direct Messages</h1>
      <FormError message={liveError} />
      <div className={chatId ? 'dm-layout chat-open' : 'dm-layout'}>
        <aside className="dm-sidebar">
          <section className="start-chat" aria-labelledby="start-chat-heading">
            <h2 id="start-chat-heading">Start a Chat</h2>
            <Form method="get" role="search" className="find-user">
              {chatId ? <input type="hidden" name="chat" value={chatId} /> : null}
              <label className="field">
                <span>Find a user</span>
                <input name="find" type="search" defaultValue={find} />
              </label>
              <button type="submit">Find</button>
            </Form>
            <Form method="post" onSubmit={checkPick} noValidate>
              <input type="hidden" name="intent" value="create" />
              <fieldset className="user-picker">
                <legend>Choose a user</legend>
                {users.length === 0 ? (
                  <p className="muted">{MSG.noUsers}</p>
                ) : (
                  users.map((u) => (
                    <label key={u._id} className="pick">
                      <input type="radio" name="username" value={u.username} /> {u.username}
                    </label>
                  ))
                )}
                {morePeople ? (
                  <Link
                    to={`?${new URLSearchParams({ ...Object.fromEntries(params), people: String(morePeople) })}`}
                    replace
                    preventScrollReset
                  >
                    More users
                  </Link>
                ) : null}
              </fieldset>
              <FormError message={pickError ?? replyError(result, 'create')} />
              <button type="submit" className="primary">
                Create Chat
              </button>
            </Form>
          </section>
          <section aria-labelledby="chats-heading">
            <h2 id="chats-heading">Your Chats</h2>
            {chats.length === 0 ? (
              <p className="muted">No chats yet.</p>
            ) : (
              <ul className="chat-list">
                {chats.map((c) => (
                  <li key={c._id} className={unread(c) ? 'chat-unread' : undefined}>
                    <Link
                      to={`?chat=${c._id}`}
                      className={c._id === chatId ? 'chat-link active' : 'chat-link'}
                      aria-current={c._id === chatId ? 'page' : undefined}
                    >
                      {others(c)}
                      {unread(c) ? <span className="chat-new"> new message</span> : null}
                    </Link>
                    {preview(c) ? <span className="muted chat-preview">{preview(c)!.msg}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            <Pager page={chatPage} pages={chatPages} href={pageHref} />
          </section>
        </aside>
        <section className="dm-chat" aria-label="Conversation">
          {selected ? (
            <>
              <h2>Chat with {others(selected.chat)}</h2>
              <nav className="pager" aria-label="Message pages">
                {selected.older ? <Link to={`?chat=${chatId}&before=${selected.older}`}>Older messages</Link> : null}
                {selected.paged ? <Link to={`?chat=${chatId}`}>Newest messages</Link> : null}
              </nav>
              <FormError message={feed.error} />
              <MessageList messages={feed.messages} now={now} label={`Messages with ${others(selected.chat)}`} />
            </>
          ) : selectError ? (
            <FormError message={selectError} />
          ) : (
            <p className="muted">Select a chat, or start one, to see its messages.</p>
          )}
          {/* Keyed by chat: an error from another chat (or from none) does not stay up. */}
          <MessageForm
            key={chatId ?? ''}
            schema={chatMessageFormSchema}
            hidden={{ intent: 'send', chatId: chatId ?? '' }}
            serverError={replyError(result, 'send')}
            unavailable={chatId ? null : MSG.selectChatFirst}
          />
        </section>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Direct Messages — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
