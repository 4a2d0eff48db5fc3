-- An embedding job says whether the text the sentence model reads (title and body) changed
-- (docs/decisions/0042): a question queued only because what it is about changed (an answer,
-- its tags, its accepted answer: migration 0018's triggers, which insert with the default) gets
-- its `about` terms rewritten without running the model again. Only the trigger on a question's
-- insert and title/text edits says true; a job for a question with no vector of the current
-- model is always embedded. Jobs queued before this migration keep true.
ALTER TABLE embedding_jobs ADD COLUMN IF NOT EXISTS text_changed boolean NOT NULL DEFAULT true;
--> statement-breakpoint
ALTER TABLE embedding_jobs ALTER COLUMN text_changed SET DEFAULT false;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enqueue_question_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_jobs (question_id, text_changed) VALUES (NEW.id, true) ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now(), text_changed = true;
  RETURN NULL;
END $$;
