import { Link } from '@remix-run/react';

/**
 * A post body already rendered and sanitised on the server (@fso/markdown: packages/markdown/src/markdown.ts).
 * In a browser, hydration may give it no HTML (the document already holds it, render-only.ts):
 * the server's content then stays until a render brings the body itself. `itemProp`: the
 * schema.org property the body is (PostSchema.tsx). `withheldHref`: the page left this body out
 * to stay within its size (issue 39 item 3) and links to itself showing it instead.
 */
export function PostBody({
  html,
  className = 'post-body',
  itemProp,
  withheldHref,
}: {
  html: string;
  className?: string;
  itemProp?: string;
  withheldHref?: string | null;
}) {
  if (withheldHref)
    return (
      <p className={`${className} post-withheld`}>
        This post is not shown, to keep the page small. <Link to={withheldHref}>Show this post</Link>
      </p>
    );
  return (
    <div
      className={className}
      itemProp={itemProp}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
