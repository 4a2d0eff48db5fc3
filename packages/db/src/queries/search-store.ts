/**
 * The natural-language search engine's port to the database: @fso/search takes one of these,
 * never a connection, and imports nothing of this package but types. It is the queries of
 * embeddings.ts (the embedding queue, the vectors, the full-text candidates, the trained models)
 * bound to one database.
 */
import type { Db } from '../client.ts';
import * as queries from './embeddings.ts';

/** A query without its first parameter, the database. */
type Bound<Q> = Q extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

function bound<Q extends (db: Db, ...args: never[]) => unknown>(db: Db, query: Q): Bound<Q> {
  return ((...args: never[]) => query(db, ...args)) as Bound<Q>;
}

export function searchStore(db: Db) {
  return {
    nextEmbeddingJobs: bound(db, queries.nextEmbeddingJobs),
    countEmbeddingJobs: bound(db, queries.countEmbeddingJobs),
    saveEmbeddings: bound(db, queries.saveEmbeddings),
    enqueueAllEmbeddings: bound(db, queries.enqueueAllEmbeddings),
    hasVectorIndex: bound(db, queries.hasVectorIndex),
    embeddingStampsSince: bound(db, queries.embeddingStampsSince),
    embeddingsOf: bound(db, queries.embeddingsOf),
    nearestByVector: bound(db, queries.nearestByVector),
    commonStems: bound(db, queries.commonStems),
    fullTextCandidates: bound(db, queries.fullTextCandidates),
    describeCandidates: bound(db, queries.describeCandidates),
    postTerms: bound(db, queries.postTerms),
    aboutLengths: bound(db, queries.aboutLengths),
    saveSemanticModel: bound(db, queries.saveSemanticModel),
    semanticModelDate: bound(db, queries.semanticModelDate),
    loadSemanticModel: bound(db, queries.loadSemanticModel),
  };
}

export type SearchStore = ReturnType<typeof searchStore>;
