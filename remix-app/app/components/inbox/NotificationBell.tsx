/**
 * The header's bell: a link to the inbox with the unread count, read by the layout's loader and
 * then kept current by `notificationUpdate`, which the server sends only to this user's sockets.
 * The inbox reads everything when opened, so on it the bell is clear; a message in the chat
 * being read on this page (reading-chat.ts) is read at once rather than counted (issue 42).
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from '@remix-run/react';
import { useSocketEvent } from '../socket.tsx';
import { isReadingChat } from './reading-chat.ts';

export function NotificationBell({ unread: loaded }: { unread: number }) {
  const inInbox = useLocation().pathname === '/notifications';
  // The layout's count may have been read before the inbox read everything.
  const [unread, setUnread] = useState(inInbox ? 0 : loaded);
  useEffect(() => setUnread(inInbox ? 0 : loaded), [loaded, inInbox]);
  useSocketEvent('notificationUpdate', ({ unread, latest }) => {
    if (latest?.kind === 'message' && latest.chatId && isReadingChat(latest.chatId)) void markRead(latest._id);
    else setUnread(unread);
  });
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="inbox-bell" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
        />
      </svg>
      {unread > 0 ? (
        <span className="inbox-count" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** Marks one notification read; the server's `notificationUpdate` then brings the count. */
async function markRead(id: string) {
  await fetch('/notification/markRead', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ids: [id] }),
  }).catch(() => undefined);
}
