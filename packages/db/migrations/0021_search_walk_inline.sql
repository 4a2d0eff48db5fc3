-- What a ranked search's walk reads (docs/decisions/0051): each question's ask time and search
-- document, in a narrow table whose tsvector is stored in the row (STORAGE MAIN), walked
-- newest first by its own index. In `questions` the tsvector (~1 kB) sits out of line in TOAST
-- beside the body, so a walked row cost its heap page and about three TOAST buffers. Kept by
-- triggers: a question's insert (per statement, so bulk inserts copy in one pass), an edit of
-- its title, text or ask time, and its delete (the foreign key).
CREATE TABLE IF NOT EXISTS question_search (
  id bigint PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
  ask_date_time timestamptz NOT NULL,
  search tsvector NOT NULL
);
--> statement-breakpoint
ALTER TABLE question_search ALTER COLUMN search SET STORAGE MAIN;
--> statement-breakpoint
INSERT INTO question_search (id, ask_date_time, search) SELECT id, ask_date_time, search FROM questions ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS question_search_ask_idx ON question_search (ask_date_time DESC, id DESC);
--> statement-breakpoint
ANALYZE question_search;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO question_search (id, ask_date_time, search) SELECT id, ask_date_time, search FROM inserted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_search_add AFTER INSERT ON questions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION question_search_add();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE question_search SET ask_date_time = NEW.ask_date_time, search = NEW.search WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_search_change AFTER UPDATE OF title, text, ask_date_time ON questions FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.ask_date_time IS DISTINCT FROM NEW.ask_date_time) EXECUTE FUNCTION question_search_change();
