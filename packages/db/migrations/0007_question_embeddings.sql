-- Natural-language search (docs/decisions/0013-semantic-search.md): embeddings as real[] so the
-- migration runs on every PostgreSQL; a trigger queues a question for (re-)embedding on insert
-- and on title/text edits; where pgvector is available, a generated vector column + HNSW index.
CREATE TABLE "embedding_jobs" (
	"question_id" bigint PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_embeddings" (
	"question_id" bigint PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semantic_models" (
	"name" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedding_jobs" ADD CONSTRAINT "embedding_jobs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_embeddings" ADD CONSTRAINT "question_embeddings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_embeddings_updated_idx" ON "question_embeddings" USING btree ("updated_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION enqueue_question_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_jobs (question_id) VALUES (NEW.id) ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_embedding_insert ON questions;
--> statement-breakpoint
CREATE TRIGGER questions_embedding_insert AFTER INSERT ON questions FOR EACH ROW EXECUTE FUNCTION enqueue_question_embedding();
--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_embedding_update ON questions;
--> statement-breakpoint
CREATE TRIGGER questions_embedding_update AFTER UPDATE OF title, text ON questions FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.text IS DISTINCT FROM NEW.text) EXECUTE FUNCTION enqueue_question_embedding();
--> statement-breakpoint
INSERT INTO embedding_jobs (question_id) SELECT id FROM questions ON CONFLICT DO NOTHING;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    ALTER TABLE question_embeddings ADD COLUMN IF NOT EXISTS vec vector(512)
      GENERATED ALWAYS AS (CASE WHEN array_length(embedding, 1) = 512 THEN embedding::vector(512) END) STORED;
    CREATE INDEX IF NOT EXISTS question_embeddings_vec_idx ON question_embeddings USING hnsw (vec vector_cosine_ops);
  END IF;
END $$;
