/**
 * Previous / "Page N of M" / Next links; plain links, so paging works without JavaScript. A page
 * past the end (an old link, a typed ?page=999) says so and links back to the last page.
 * `numbered` (a question's answers, as on Stack Overflow): the first, last and nearby pages'
 * numbers instead of "Page N of M", the current one marked.
 */
import { Fragment } from 'react';
import { Link } from '@remix-run/react';
import { counted } from '@fso/shared';

export function Pager({
  page,
  pages,
  href,
  numbered = false,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  numbered?: boolean;
}) {
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
      {numbered ? (
        <PageNumbers page={page} pages={pages} href={href} />
      ) : (
        <span>
          Page {page.toLocaleString('en')} of {pages.toLocaleString('en')}
        </span>
      )}
      {page < pages ? <Link to={href(page + 1)}>Next</Link> : null}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first and last pages and two on each side of this one. */
function PageNumbers({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.map((n, i) => (
    <Fragment key={n}>
      {i > 0 && n - shown[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
      {n === page ? (
        <span aria-current="page" className="pager-current">
          {n.toLocaleString('en')}
        </span>
      ) : (
        <Link to={href(n)} aria-label={`Page ${n.toLocaleString('en')}`}>
          {n.toLocaleString('en')}
        </Link>
      )}
    </Fragment>
  ));
}
