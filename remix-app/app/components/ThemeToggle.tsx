/**
 * The light/dark switch: a form posting to /theme (so it works without JavaScript) with one
 * button per theme; the stylesheet shows the one that offers the theme not in use.
 */
import { Form, useLocation } from '@remix-run/react';

export function ThemeToggle() {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/theme" className="theme-toggle">
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" name="theme" value="dark" className="to-dark" aria-label="Dark theme" title="Dark theme">
        <span aria-hidden="true">☾</span>
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        className="to-light"
        aria-label="Light theme"
        title="Light theme"
      >
        <span aria-hidden="true">☀</span>
      </button>
    </Form>
  );
}
