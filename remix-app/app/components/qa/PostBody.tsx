/**
 * A post body already rendered and sanitised on the server (@fso/core: packages/core/src/markdown/markdown.ts).
 * In a browser, hydration may give it no HTML (the document already holds it, render-only.ts):
 * the server's content then stays until a render brings the body itself. `itemProp`: the
 * schema.org property the body is (PostSchema.tsx).
 */
export function PostBody({
  html,
  className = 'post-body',
  itemProp,
}: {
  html: string;
  className?: string;
  itemProp?: string;
}) {
  return (
    <div
      className={className}
      itemProp={itemProp}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
