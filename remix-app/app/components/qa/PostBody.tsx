/** A post body already rendered and sanitised on the server (@fso/core: packages/core/src/markdown/markdown.ts). */
export function PostBody({ html, className = 'post-body' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
