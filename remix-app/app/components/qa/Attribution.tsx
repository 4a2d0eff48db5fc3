/** CC BY-SA attribution of an imported post: link to the original, author with profile link, licence. */
import type { Attribution as Source } from '@fso/shared';

export function Attribution({ source }: { source: Source | null | undefined }) {
  if (!source) return null;
  return (
    <p className="attribution muted">
      From <a href={source.url}>{new URL(source.url).host}</a>
      {source.author ? (
        <> by {source.authorUrl ? <a href={source.authorUrl}>{source.author}</a> : source.author}</>
      ) : null}
      , licensed <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA</a>.
    </p>
  );
}
