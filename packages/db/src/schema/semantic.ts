/**
 * Natural-language search (DESIGN "Natural-language search"): one embedding per question and
 * the queue of questions whose embedding is missing or stale. A trigger on `questions` fills
 * the queue on every insert and on title/text edits, so no write path has to remember it; an
 * in-process worker drains it (packages/search). Where the pgvector extension exists,
 * migration 0004 adds a generated `vec` column with an HNSW index; elsewhere search scans the
 * `embedding` arrays in memory (docs/decisions/0013-semantic-search.md). Migration 0018 adds
 * `about` (a tsvector of title, tags, body and best answer, written with the embedding) and
 * triggers queueing a question when its answers, tags or accepted answer change
 * (docs/decisions/0039); migration 0020 marks those jobs so the model is not run again for an
 * unchanged text (0042). `semantic_models` keeps
 * what is trained on the site itself (the LSA projection).
 */
import { bigint, boolean, customType, index, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { questions } from './qa.ts';

export const questionEmbeddings = pgTable(
  'question_embeddings',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** The embedder's name; rows from another model are stale (`npm run reindex`). */
    model: text('model').notNull(),
    embedding: real('embedding').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_embeddings_updated_idx').on(t.updatedAt)],
);

export const embeddingJobs = pgTable('embedding_jobs', {
  questionId: bigint('question_id', { mode: 'number' })
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  /** True when the embedded text changed (set by the questions' trigger); false when only what the question is about changed: its vector is kept, `about` rewritten (migration 0020). */
  textChanged: boolean('text_changed').notNull().default(false),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Models trained on the site's own posts (the LSA term projection), by name. */
export const semanticModels = pgTable('semantic_models', {
  name: text('name').primaryKey(),
  data: bytea('data').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});
