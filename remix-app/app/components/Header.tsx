/**
 * The header of every screen in the layout (SPEC §2): title, the full-text search box (a GET
 * form to /home?search=, so Enter or the icon works without JavaScript), the natural-language
 * search box, the inbox's bell, Log out, View Profile — or, signed out, Log in and Sign up — and
 * a moderator's review queue link with its live count and the moderators' log, and the theme switch. On a phone it is one row: both search boxes fold behind a search button (a
 * <details>, so it opens without JavaScript; it folds back after each navigation), and Log out
 * and View Profile show as icons with the same names (docs/decisions/0085-phone-header.md).
 */
import { Form, Link, useLocation, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { NotificationBell } from './inbox/NotificationBell.tsx';
import { ReviewLink } from './review/ReviewLink.tsx';
import { SearchHelp } from './search/SearchHelp.tsx';
import { SemanticSearchBox } from './search/SemanticSearchBox.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Header({
  username,
  unread = 0,
  review = null,
}: {
  username: string | null;
  unread?: number;
  /** A moderator's review queue size (null: not a moderator, no link). */
  review?: number | null;
}) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current) fold.current.open = false;
  }, [pathname, search]);
  return (
    <header className="site-header">
      <Link to="/home" className="site-title">
        Fake Stack Overflow
      </Link>
      <details className="search-fold" ref={fold}>
        <summary className="button search-toggle">
          <SearchIcon />
          <span className="visually-hidden">Show the search boxes</span>
        </summary>
        <div className="search-boxes">
          <Form method="get" action="/home" className="header-search" role="search">
            <input
              type="search"
              name="search"
              aria-label="Search questions"
              placeholder="Search..."
              defaultValue={params.get('search') ?? ''}
              key={params.get('search') ?? ''}
              maxLength={500}
            />
            <button type="submit" className="icon-button" aria-label="Search">
              <SearchIcon />
            </button>
            <SearchHelp />
          </Form>
          <SemanticSearchBox />
        </div>
      </details>
      <div className="header-actions">
        <ThemeToggle />
        {username ? (
          <>
            {review === null ? null : (
              <>
                <ReviewLink pending={review} />
                <Link to="/moderation" className="button compact-action mod-log-link" title="Moderators’ log">
                  <svg className="action-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path fill="currentColor" d="M4 3h16v18H4zm3 4v2h10V7zm0 4v2h10v-2zm0 4v2h6v-2z" />
                  </svg>
                  <span className="action-label">Log</span>
                  <span className="visually-hidden"> of moderators’ actions</span>
                </Link>
              </>
            )}
            <NotificationBell unread={unread} />
            <Form method="post" action="/user/logout" reloadDocument>
              <button type="submit" className="compact-action">
                <LogOutIcon />
                <span className="action-label">Log out</span>
              </button>
            </Form>
            <Link className="button compact-action" to={`/user/${encodeURIComponent(username)}`}>
              <ProfileIcon />
              <span className="action-label">View Profile</span>
            </Link>
          </>
        ) : (
          <>
            <Link className="button" to="/">
              Log in
            </Link>
            <Link className="button primary" to="/signup">
              Sign up
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
      />
    </svg>
  );
}

/** Shown instead of the words "Log out" on a phone. */
function LogOutIcon() {
  return (
    <svg className="action-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d="M4 3h9v2H6v14h7v2H4zm11.6 4.4L20.2 12l-4.6 4.6-1.4-1.4 2.2-2.2H9v-2h7.4l-2.2-2.2z" />
    </svg>
  );
}

/** Shown instead of the words "View Profile" on a phone. */
function ProfileIcon() {
  return (
    <svg className="action-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d="M12 12a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm-9 10a9 9 0 0 1 18 0z" />
    </svg>
  );
}
