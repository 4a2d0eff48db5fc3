/** Browser side of GET /question/semanticSearch: hits, or the SPEC §8 message to show instead. */
import { MSG } from '@fso/shared';

export interface Suggestion {
  _id: string;
  title: string;
}

export type SemanticResult = { ok: true; hits: Suggestion[] } | { ok: false; message: string };

export async function semanticSearch(text: string, topk: number, signal?: AbortSignal): Promise<SemanticResult> {
  try {
    const response = await fetch(`/question/semanticSearch?${new URLSearchParams({ text, topk: String(topk) })}`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json().catch(() => null)) as unknown;
    if (Array.isArray(body)) return { ok: true, hits: body as Suggestion[] };
    const error = body && typeof body === 'object' && 'error' in body ? String(body.error) : MSG.semanticSearchError;
    return { ok: false, message: `Error: ${error}` };
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    return {
      ok: false,
      message: error instanceof Error && error.message ? `Error: ${error.message}` : MSG.nlUnknownError,
    };
  }
}
