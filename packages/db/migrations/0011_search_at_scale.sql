-- Search at scale (issue 19, decision record 0027).
-- 1. A [tag] list is read in (tag_id, ask_date_time) order: each question_tags row carries its
--    question's ask time (set by a trigger, so every write path keeps it), and one index walks a
--    tag's questions newest first instead of testing every question for the tag.
ALTER TABLE question_tags ADD COLUMN IF NOT EXISTS ask_date_time timestamptz;
--> statement-breakpoint
UPDATE question_tags qt SET ask_date_time = q.ask_date_time FROM questions q WHERE q.id = qt.question_id AND qt.ask_date_time IS DISTINCT FROM q.ask_date_time;
--> statement-breakpoint
ALTER TABLE question_tags ALTER COLUMN ask_date_time SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_tags_ask_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ask_date_time := (SELECT ask_date_time FROM questions WHERE id = NEW.question_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_tags_ask_time BEFORE INSERT OR UPDATE OF question_id ON question_tags
  FOR EACH ROW EXECUTE FUNCTION question_tags_ask_time();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION questions_ask_time_to_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE question_tags SET ask_date_time = NEW.ask_date_time WHERE question_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_ask_time_to_tags AFTER UPDATE OF ask_date_time ON questions
  FOR EACH ROW WHEN (OLD.ask_date_time IS DISTINCT FROM NEW.ask_date_time) EXECUTE FUNCTION questions_ask_time_to_tags();
--> statement-breakpoint
DROP INDEX IF EXISTS question_tags_tag_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS question_tags_tag_time_idx ON question_tags (tag_id, ask_date_time DESC, question_id DESC);
--> statement-breakpoint
-- 2. Where the server has the RUM extension (Debian: postgresql-15-rum), full text is indexed by
--    RUM with the ask time attached, so matches come out of the index newest first without
--    reading the rows; it answers every @@ query, so it replaces the GIN index. Elsewhere
--    (PGlite, a server without the package) the GIN index stays.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS questions_search_rum_idx ON questions
      USING rum (search rum_tsvector_addon_ops, ask_date_time) WITH (attach = 'ask_date_time', to = 'search');
    DROP INDEX IF EXISTS questions_search_idx;
  END IF;
END $$;
