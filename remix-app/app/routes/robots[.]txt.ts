/** `/robots.txt`: crawlers may read the public Q&A pages, not the REST paths or account screens. */
import type { LoaderFunctionArgs } from '@remix-run/node';

const PRIVATE = [
  '/user/get',
  '/question/getQuestion',
  '/question/semanticSearch',
  '/messaging',
  '/chat/',
  '/games',
  '/new/',
  '/answer/',
  '/comment/',
  '/tag/',
];

export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    'Allow: /',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
