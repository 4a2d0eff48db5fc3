/**
 * Natural-language search as a use case (REST and the results page, signed in or not): rate
 * limited per user when signed in and per address (after a full per-process cap, which refuses
 * first), then the hits. A full model queue is
 * `unavailable` with the seconds to wait (the server is fine, only busy: decision record 0026);
 * any other failure is logged and answered with SPEC §8's message as `internal`.
 */
import { MSG } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { SemanticHit } from '@fso/search';

export async function semanticSearch(
  ports: Ports,
  caller: Caller,
  { text, topk }: { text: string; topk: number },
): Promise<Result<SemanticHit[]>> {
  const limited = await ports.limiter.hit('semanticSearch', caller);
  if (limited) return limited;
  try {
    return succeed(await ports.semantic.search(text, topk));
  } catch (error) {
    // EmbedderBusyError (@fso/search's embedder-pool.ts), recognised by its field: the app bundle does not load the pool.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') return fail('unavailable', MSG.semanticSearchBusy, retryAfter);
    ports.log.error({ err: error }, 'semantic search failed');
    return fail('internal', MSG.semanticSearchError);
  }
}
