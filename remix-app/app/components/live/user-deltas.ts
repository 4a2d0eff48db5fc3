/**
 * How `userUpdate` changes the `/users` list: an edited user is replaced in place, a deleted
 * one leaves, a new one is counted for the "N new users — show" bar (when the filter would
 * list it), so the list never moves under the reader and no page is re-read.
 */
import type { SafeUser } from '@fso/shared';
import type { Deltas } from './useLive.ts';

export interface UserListView<U extends Pick<SafeUser, '_id' | 'username'>> {
  users: U[];
  fresh: string[];
}

export function userDeltas<U extends Pick<SafeUser, '_id' | 'username'>>(filter: string): Deltas<UserListView<U>> {
  return {
    userUpdate: (view, { user, type }) => {
      if (type === 'deleted') return { ...view, users: view.users.filter((u) => u._id !== user._id) };
      if (type === 'updated')
        return { ...view, users: view.users.map((u) => (u._id === user._id ? { ...u, ...user } : u)) };
      const listed = user.username.toLowerCase().includes(filter.toLowerCase());
      return listed && !view.fresh.includes(user._id) ? { ...view, fresh: [...view.fresh, user._id] } : view;
    },
  };
}
