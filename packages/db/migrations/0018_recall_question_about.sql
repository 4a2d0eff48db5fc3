-- What a question is about, for natural-language ranking (docs/decisions/0039): its title and
-- tags (weight A), body (B) and accepted or best answer (C) as one tsvector, written by the
-- embedding worker with each embedding. So the queue now also takes a question whose tags,
-- accepted answer or answers change (an answer's votes alone do not). Rows embedded before this
-- migration keep `about` NULL (the ranking then reads the question's own `search`) until
-- `npm run reindex` or their next edit: filling it here would make the migration as slow as a reindex.
ALTER TABLE question_embeddings ADD COLUMN IF NOT EXISTS about tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_about(question bigint) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT q.search
    || setweight(to_tsvector('english', coalesce((SELECT string_agg(replace(t.name, '-', ' '), ' ') FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id), '')), 'A')
    || setweight(to_tsvector('english', coalesce((SELECT left(a.text, 20000) FROM answers a WHERE a.question_id = q.id
                                                  ORDER BY a.id = q.accepted_answer_id DESC NULLS LAST, a.score DESC, a.ans_date_time, a.id LIMIT 1), '')), 'C')
  FROM questions q WHERE q.id = question
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enqueue_related_question_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  -- Only questions that still exist (a deleted question's answers and tags go with it), locked
  -- before their job row as every write to a question does (its own trigger runs after its
  -- UPDATE): an answer edited while its question is edited would otherwise deadlock.
  SELECT array_agg(q.id ORDER BY q.id) INTO ids FROM (SELECT id FROM questions
    WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.question_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.question_id END)
    ORDER BY id FOR NO KEY UPDATE) q;
  INSERT INTO embedding_jobs (question_id) SELECT unnest(ids) ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answers_embedding ON answers;
--> statement-breakpoint
CREATE TRIGGER answers_embedding AFTER INSERT OR DELETE OR UPDATE OF text, question_id ON answers FOR EACH ROW EXECUTE FUNCTION enqueue_related_question_embedding();
--> statement-breakpoint
DROP TRIGGER IF EXISTS question_tags_embedding ON question_tags;
--> statement-breakpoint
CREATE TRIGGER question_tags_embedding AFTER INSERT OR DELETE ON question_tags FOR EACH ROW EXECUTE FUNCTION enqueue_related_question_embedding();
--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_embedding_accept ON questions;
--> statement-breakpoint
CREATE TRIGGER questions_embedding_accept AFTER UPDATE OF accepted_answer_id ON questions FOR EACH ROW
  WHEN (OLD.accepted_answer_id IS DISTINCT FROM NEW.accepted_answer_id) EXECUTE FUNCTION enqueue_question_embedding();
