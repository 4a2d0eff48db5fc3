/**
 * The header's bell: a link to the inbox with the unread count, read by the layout's loader and
 * then kept current by `notificationUpdate`, which the server sends only to this user's sockets.
 */
import { useEffect, useState } from 'react';
import { Link } from '@remix-run/react';
import { useSocketEvent } from '../socket.tsx';

export function NotificationBell({ unread: loaded }: { unread: number }) {
  const [unread, setUnread] = useState(loaded);
  useEffect(() => setUnread(loaded), [loaded]);
  useSocketEvent('notificationUpdate', (payload) => setUnread(payload.unread));
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
