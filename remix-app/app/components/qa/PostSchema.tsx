/**
 * The question page's schema.org QAPage data, as microdata in the page itself (as Stack
 * Overflow marks its pages): the title and bodies carry `itemProp` where they are shown, and
 * these elements give what the page shows only in other words (the score, the exact date, the
 * author as a Person, an answer's address). Crawlers read the posts from the page's own markup,
 * so no second copy of them travels in the head (docs/decisions/0078).
 */
export const SCHEMA_TYPE = {
  page: 'https://schema.org/QAPage',
  question: 'https://schema.org/Question',
  answer: 'https://schema.org/Answer',
  person: 'https://schema.org/Person',
} as const;

/** A post's score, date and author, and an answer's address (`url`), for the item it is in. */
export function PostSchema({
  score,
  date,
  author,
  url,
}: {
  score: number;
  date: string;
  author: string | null;
  url?: string;
}) {
  return (
    <>
      <meta itemProp="upvoteCount" content={String(score)} />
      <meta itemProp="dateCreated" content={date} />
      <span itemProp="author" itemScope itemType={SCHEMA_TYPE.person} hidden>
        <meta itemProp="name" content={author ?? 'deleted user'} />
      </span>
      {url ? <link itemProp="url" href={url} /> : null}
    </>
  );
}
