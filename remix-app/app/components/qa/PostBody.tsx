/**
 * A post body already rendered and sanitised on the server (@fso/core: packages/core/src/markdown/markdown.ts).
 * In a browser, hydration may give it no HTML (the document already holds it, render-only.ts):
 * the server's content then stays until a render brings the body itself.
 */
export function PostBody({ html, className = 'post-body' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
