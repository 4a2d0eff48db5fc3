/**
 * Previous / "Page N of M" / Next links; plain links, so paging works without JavaScript. A page
 * past the end (an old link, a typed ?page=999) says so and links back to the last page.
 */
import { Link } from '@remix-run/react';
import { counted } from '@fso/shared';

export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (page > pages)
    return (
      <p className="pager-past-end" role="status">
        There is no page {page.toLocaleString('en')}: this list has {counted(pages, 'page')}.{' '}
        <Link to={href(pages)}>Go to page {pages.toLocaleString('en')}</Link>
      </p>
    );
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous</Link> : null}
      <span>
        Page {page.toLocaleString('en')} of {pages.toLocaleString('en')}
      </span>
      {page < pages ? <Link to={href(page + 1)}>Next</Link> : null}
    </nav>
  );
}
