/**
 * The SPEC §3 entity shapes as they travel over REST and sockets: `_id` strings, ISO dates,
 * usernames for people. The database layer maps its rows onto these.
 */
export interface SafeUser {
  _id: string;
  username: string;
  biography: string;
  dateJoined: string;
  email?: string | null;
}

export type UserUpdateType = 'created' | 'updated' | 'deleted';
export interface UserUpdatePayload {
  user: SafeUser;
  type: UserUpdateType;
}
