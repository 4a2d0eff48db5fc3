/**
 * How `notificationUpdate` changes the `/notifications` inbox: the unread count follows the
 * event; the notification just written comes first on page 1 (a direct message's entry, which
 * later messages refresh, moves up) and counts in the total once; notifications just read lose
 * their unread mark. Later pages take only the reads and the count (their rows do not shift).
 */
import type { Notification } from '@fso/shared';
import type { Deltas } from './useLive.ts';

export interface InboxView {
  notifications: Notification[];
  unread: number;
  total: number;
}

export function inboxDeltas(page: number, pageSize: number): Deltas<InboxView> {
  return {
    notificationUpdate: (view, { unread, latest, read }) => {
      let list = read
        ? view.notifications.map((n) => (read === 'all' || read.includes(n._id) ? { ...n, read: true } : n))
        : view.notifications;
      let total = view.total;
      if (latest && page === 1) {
        if (!list.some((n) => n._id === latest._id)) total += 1;
        list = [latest, ...list.filter((n) => n._id !== latest._id)].slice(0, pageSize);
      }
      return { notifications: list, unread, total };
    },
  };
}
