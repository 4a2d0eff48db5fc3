/**
 * Vectors of recently searched texts, least recently used dropped first. The "similar
 * questions" box asks again for a title the user typed back to, and the header box and the
 * results page ask for the same text, so a repeated text skips the model (a query embedding is
 * most of a search's CPU time). Concurrent asks for one text share one embedding.
 */
import type { Embedder } from './embedder.ts';

export function cachedQueryEmbedding(embedder: Embedder, size = 256): (text: string) => Promise<Float32Array> {
  const cache = new Map<string, Promise<Float32Array>>();
  return (text) => {
    let vector = cache.get(text);
    if (vector) cache.delete(text);
    else {
      const made = embedder.embed([text]).then(([v]) => v!);
      made.catch(() => {
        if (cache.get(text) === made) cache.delete(text);
      });
      vector = made;
    }
    cache.set(text, vector);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return vector;
  };
}
