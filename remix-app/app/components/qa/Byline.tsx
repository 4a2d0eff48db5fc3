/**
 * "[avatar] <user> [♦] <reputation> asked/answered/commented <relative time>", linking to the author's profile.
 * The link is discovered on click (`discover="none"`): a byline that arrives live (issue 16) must
 * not make the page fetch Remix's route manifest.
 */
import { Link } from '@remix-run/react';
import { relativeTime } from '@fso/shared';
import { Avatar } from '../Avatar.tsx';
import { ModDiamond } from '../ModDiamond.tsx';

export function Byline({
  user,
  verb,
  date,
  now,
  reputation,
  moderator = false,
  avatar = false,
}: {
  user: string | null;
  verb: string;
  date: string;
  now: number;
  reputation?: number;
  /** The author is a moderator or an admin: a ♦ after the name. */
  moderator?: boolean;
  /** The author's identicon before the name (posts' bylines, where it fits). */
  avatar?: boolean;
}) {
  return (
    <span className="byline muted">
      {user && avatar ? <Avatar username={user} size={20} /> : null}
      {user ? (
        <Link to={`/user/${encodeURIComponent(user)}`} discover="none">
          {user}
        </Link>
      ) : (
        <span>deleted user</span>
      )}
      {user && moderator ? <ModDiamond /> : null}
      {user && reputation !== undefined ? (
        <>
          {' '}
          <span className="reputation" title="reputation">
            {reputation}
          </span>
        </>
      ) : null}{' '}
      {verb}{' '}
      <time dateTime={date} suppressHydrationWarning>
        {relativeTime(new Date(date), new Date(now))}
      </time>
    </span>
  );
}
