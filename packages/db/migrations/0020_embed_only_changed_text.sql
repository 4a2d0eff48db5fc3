-- An embedding job says whether the text the sentence model reads (title and body) changed
-- (docs/decisions/0042): a question queued only because what it is about changed (an answer,
-- its tags, its accepted answer: migration 0018) gets its `about` terms rewritten without
-- running the model again. A job for a question with no vector of the current model is always
-- embedded. Existing jobs, and anything that queues without saying, embed as before.
ALTER TABLE embedding_jobs ADD COLUMN IF NOT EXISTS text_changed boolean NOT NULL DEFAULT true;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enqueue_question_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_jobs (question_id) VALUES (NEW.id) ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now(), text_changed = true;
  RETURN NULL;
END $$;
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
  -- The question's own text did not change: a job already queued keeps its text_changed.
  INSERT INTO embedding_jobs (question_id, text_changed) SELECT unnest(ids), false ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now();
  RETURN NULL;
END $$;
