/**
 * A question's tags as links to the tag's question list; with the reader's marks, a watched tag
 * is highlighted and an ignored one dimmed, each saying so to screen readers.
 */
import { Link } from '@remix-run/react';
import type { Tag, TagMarks } from '@fso/shared';

const markOf = (name: string, marks?: TagMarks) => {
  const same = (n: string) => n.toLowerCase() === name.toLowerCase();
  if (marks?.watched.some(same)) return 'watched';
  return marks?.ignored.some(same) ? 'ignored' : null;
};

export function TagList({ tags, marks }: { tags: Pick<Tag, '_id' | 'name'>[]; marks?: TagMarks }) {
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((t) => {
        const mark = markOf(t.name, marks);
        return (
          <li key={t._id}>
            <Link className={mark ? `tag ${mark}` : 'tag'} to={`/home?tag=${encodeURIComponent(t.name)}`}>
              {t.name}
              {mark ? <span className="visually-hidden"> ({mark})</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
