/** A post body already rendered and sanitised on the server (services/markdown.server.ts). */
export function PostBody({ html, className = 'post-body' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
