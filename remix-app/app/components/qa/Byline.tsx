/** "<user> asked/answered/commented <relative time>", linking to the author's profile. */
import { Link } from '@remix-run/react';
import { relativeTime } from '@fso/shared';

export function Byline({ user, verb, date, now }: { user: string | null; verb: string; date: string; now: number }) {
  return (
    <span className="byline muted">
      {user ? <Link to={`/user/${encodeURIComponent(user)}`}>{user}</Link> : <span>deleted user</span>} {verb}{' '}
      <time dateTime={date} suppressHydrationWarning>{relativeTime(new Date(date), new Date(now))}</time>
    </span>
  );
}
