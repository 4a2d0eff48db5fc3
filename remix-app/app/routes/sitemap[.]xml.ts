/** `/sitemap.xml`: the public pages crawlers should read — the lists and the newest questions (50,000 at most, the format's limit). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { recentlyActiveQuestions } from '@fso/core';

const MAX_URLS = 50_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const questions = await recentlyActiveQuestions(context.ports, MAX_URLS - 2);
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${origin}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry('/home'),
    entry('/tags'),
    ...questions.map((q) => entry(`/question/${q.id}`, q.lastActivity)),
    '</urlset>',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
