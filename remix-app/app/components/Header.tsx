/** The header of every signed-in screen (SPEC §2): title, Log out and View Profile. */
import { Form, Link } from '@remix-run/react';

export function Header({ username }: { username: string | null }) {
  return (
    <header className="site-header">
      <Link to="/home" className="site-title">
        Fake Stack Overflow
      </Link>
      <div className="header-actions">
        {username ? (
          <>
            <Form method="post" action="/user/logout" reloadDocument>
              <button type="submit">Log out</button>
            </Form>
            <Link className="button" to={`/user/${encodeURIComponent(username)}`}>
              View Profile
            </Link>
          </>
        ) : (
          <Link className="button primary" to="/">
            Log in
          </Link>
        )}
      </div>
    </header>
  );
}
