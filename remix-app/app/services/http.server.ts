/**
 * Response helpers for the REST contract (DESIGN): success is 200 JSON, errors are plain text
 * with a status; bodies are parsed with a zod schema (the server's edge has already capped
 * their size: server/body-limit.ts).
 */
import type { z } from 'zod';
import type { MessagePage } from '@fso/db';
import { messagePageQuerySchema, MSG, parseId, parseWith } from '@fso/shared';

export function textError(status: number, message: string, headers?: HeadersInit): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

export function ok(data: unknown, headers?: HeadersInit): Response {
  return Response.json(data, { status: 200, headers });
}

/**
 * A 200 whose JSON body is already written (the same bytes and type `ok` would send). The body
 * goes in encoded: given a string, the Fetch `Response` first copies it to a well-formed one
 * (`toUSVString`) and then encodes it, both per request (decision record 0073).
 */
export function okJson(json: string, headers?: Record<string, string>): Response {
  const body = Buffer.from(json);
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...headers },
  });
}

/**
 * Whether a browser fetched this request as a page or as a page's own fetch() (Sec-Fetch-Dest
 * `document` or `empty`; no header: not a browser): only such a GET may have an effect (count a
 * view, mark a notification read). An image, a script or a frame is fetched on behalf of another
 * page, such as a post's `![a](/question/1)` (issue 39 item 13).
 */
export function openedAsPage(request: Request): boolean {
  const destination = request.headers.get('sec-fetch-dest');
  return destination === null || destination === 'document' || destination === 'empty';
}

/** Throws a 405 unless the request uses one of the given methods. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (!methods.includes(request.method))
    throw textError(405, `Use ${methods.join(' or ')} for this path.`, { Allow: methods.join(', ') });
}

/** The JSON body validated by `schema`; throws a 400/413 Response with a human message. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const raw = await request.text();
  let body: unknown;
  try {
    body = raw === '' ? {} : JSON.parse(raw);
  } catch {
    throw textError(400, MSG.malformedJson);
  }
  const parsed = parseWith(schema, body);
  if (!parsed.ok) throw textError(400, parsed.message);
  return parsed.value;
}

/** Reads `limit` (default 50, 1..200) from a URL. */
export function pageLimit(url: URL, fallback = 50): number {
  const n = Number(url.searchParams.get('limit') ?? fallback);
  return Number.isInteger(n) ? Math.min(200, Math.max(1, n)) : fallback;
}

/** True when the request came from an HTML form rather than a JSON client. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('Content-Type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** Loader for action-only REST paths: a GET is answered 405, not an error page. */
export function methodNotAllowed({ request }: { request: Request }): Response {
  return textError(405, `${request.method} is not supported for this path.`);
}

/** A numeric id from a path or field; throws 400 when it is not one. */
export function requireId(raw: unknown): number {
  const id = parseId(raw);
  if (id === null) throw textError(400, MSG.invalidId);
  return id;
}

/** `?page=` (1 first, at most 10,001); anything else is page 1. */
export function pageNumber(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? Math.min(page, 10_001) : 1;
}

/** Offset paging from `?offset=` (or the screens' `?page=`), bounded. */
export function pageOffset(url: URL, limit: number): number {
  const page = pageNumber(url);
  if (page > 1) return (page - 1) * limit;
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return Number.isInteger(offset) ? Math.min(Math.max(0, offset), 1_000_000) : 0;
}

/** The message page a URL asks for: `limit`, and `before` or `after`; throws 400 when malformed. */
export function requestedMessagePage(url: URL): MessagePage {
  const query = parseWith(messagePageQuerySchema, Object.fromEntries(url.searchParams));
  if (!query.ok) throw textError(400, query.message);
  return { ...query.value, limit: pageLimit(url) };
}
