/**
 * The header of every screen in the layout (SPEC §2): title, the full-text search box (a GET
 * form to /home?search=, so Enter or the icon works without JavaScript), the natural-language
 * search box, the inbox's bell, Log out, View Profile — or, signed out, Log in and Sign up — and
 * the theme switch.
 */
import { Form, Link, useSearchParams } from '@remix-run/react';
import { NotificationBell } from './inbox/NotificationBell.tsx';
import { SemanticSearchBox } from './search/SemanticSearchBox.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Header({ username, unread = 0 }: { username: string | null; unread?: number }) {
  const [params] = useSearchParams();
  return (
    <header className="site-header">
      <Link to="/home" className="site-title">
        Fake Stack Overflow
      </Link>
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
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
            />
          </svg>
        </button>
      </Form>
      <SemanticSearchBox />
      <div className="header-actions">
        <ThemeToggle />
        {username ? (
          <>
            <NotificationBell unread={unread} />
            <Form method="post" action="/user/logout" reloadDocument>
              <button type="submit">Log out</button>
            </Form>
            <Link className="button" to={`/user/${encodeURIComponent(username)}`}>
              View Profile
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
