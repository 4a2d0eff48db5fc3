/** Previous / "Page N of M" / Next links; plain links, so paging works without JavaScript. */
import { Link } from '@remix-run/react';

export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)}>Next</Link> : null}
    </nav>
  );
}
