/**
 * Natural-language search as the routes answer it: the hits, or the status, message and headers
 * that say why there are none. A full model queue is 503 with Retry-After (the server is fine,
 * only busy: decision record 0026); any other failure is SPEC §8's 500 message.
 */
import type { AppLoadContext } from '@remix-run/node';
import { MSG } from '@fso/shared';
import type { SemanticHit } from '../../server/semantic/search.ts';

export type SemanticOutcome = { ok: true; hits: SemanticHit[] } | { ok: false; status: 500 | 503; error: string; headers: Record<string, string> };

export async function semanticSearchOutcome(context: AppLoadContext, text: string, topk: number): Promise<SemanticOutcome> {
  try {
    return { ok: true, hits: await context.semantic.search(text, topk) };
  } catch (error) {
    // EmbedderBusyError (embedder-pool.ts), recognised by its field: the app bundle does not import server modules.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') return { ok: false, status: 503, error: MSG.semanticSearchBusy, headers: { 'Retry-After': String(retryAfter) } };
    context.log.error({ err: error }, 'semantic search failed');
    return { ok: false, status: 500, error: MSG.semanticSearchError, headers: {} };
  }
}
