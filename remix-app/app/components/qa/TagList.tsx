/** A question's tags as links to the tag's question list. */
import { Link } from '@remix-run/react';
import type { Tag } from '@fso/shared';

export function TagList({ tags }: { tags: Pick<Tag, '_id' | 'name'>[] }) {
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((t) => (
        <li key={t._id}>
          <Link className="tag" to={`/home?tag=${encodeURIComponent(t.name)}`}>
            {t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
