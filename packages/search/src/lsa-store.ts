/**
 * Where the LSA model lives (with the corpus statistics BM25 needs): trained from the database's posts and saved in `semantic_models`
 * (by the importer and `npm run reindex`), and loaded by the search, which looks at most once a
 * minute whether a newer one was trained (by another process).
 */
import type { SearchStore } from '@fso/db';
import { deserializeLsa, LSA_MODEL_NAME, serializeLsa, trainLsa, type LsaModel } from './lsa.ts';

/** Posts trained on: the newest questions and their answers (training time grows with it). */
const TRAINING_QUESTIONS = 20_000;
const CHECK_EVERY_MS = 60_000;

export async function trainAndSaveLsa(store: SearchStore): Promise<LsaModel | null> {
  const [model, lengths] = await Promise.all([
    store.postTerms(TRAINING_QUESTIONS).then((terms) => trainLsa(terms)),
    store.aboutLengths(TRAINING_QUESTIONS),
  ]);
  // BM25 scores what questions are about (with tags and an answer), so its mean length is theirs once they have one.
  if (model?.corpus && lengths) Object.assign(model.corpus, { titleLength: lengths.title, bodyLength: lengths.rest });
  if (model) await store.saveSemanticModel(LSA_MODEL_NAME, serializeLsa(model));
  return model;
}

export function lsaSource(store: SearchStore): () => Promise<LsaModel | null> {
  let model: LsaModel | null = null;
  let trainedAt = 0;
  let checked = 0;
  return async () => {
    if (Date.now() - checked < CHECK_EVERY_MS) return model;
    checked = Date.now();
    const date = (await store.semanticModelDate(LSA_MODEL_NAME))?.getTime() ?? 0;
    if (date !== trainedAt) {
      const data = await store.loadSemanticModel(LSA_MODEL_NAME);
      model = data ? deserializeLsa(data) : null;
      trainedAt = date;
    }
    return model;
  };
}
