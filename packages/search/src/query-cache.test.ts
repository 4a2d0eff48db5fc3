import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.ts';
import { cachedQueryEmbedding } from './query-cache.ts';

function countingEmbedder(fail?: string): Embedder & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: 'test',
    dimensions: 1,
    calls,
    async embed(texts) {
      calls.push(...texts);
      if (texts[0] === fail) throw new Error('model failed');
      return texts.map((t) => Float32Array.of(t.length));
    },
  };
}

describe('query embedding cache', () => {
  it('embeds a repeated text once, concurrent asks included, and drops the least recently used', async () => {
    const embedder = countingEmbedder();
    const embed = cachedQueryEmbedding(embedder, 2);
    const [a, b] = await Promise.all([embed('alpha'), embed('alpha')]);
    expect(a).toBe(b);
    await embed('beta');
    await embed('alpha'); // alpha is now the most recent, beta the least
    await embed('gamma'); // evicts beta
    await embed('alpha');
    await embed('beta');
    expect(embedder.calls).toEqual(['alpha', 'beta', 'gamma', 'beta']);
  });

  it('does not keep a failure', async () => {
    const embedder = countingEmbedder('broken');
    const embed = cachedQueryEmbedding(embedder);
    await expect(embed('broken')).rejects.toThrow('model failed');
    await expect(embed('broken')).rejects.toThrow('model failed');
    expect(embedder.calls).toEqual(['broken', 'broken']);
  });
});
