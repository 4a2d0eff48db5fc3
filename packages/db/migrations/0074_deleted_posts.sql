-- Deleted questions and answers kept for a while so that their authors can undelete them (issue 42,
-- docs/decisions/0096-undelete-from-a-kept-copy.md). A deletion still deletes the rows (every list,
-- count, search row and link goes as before); what it deleted is kept here as the rows themselves,
-- table by table in the order they are put back, until the undelete window has passed.
CREATE TABLE deleted_posts (
  kind text NOT NULL CHECK (kind IN ('question', 'answer')),
  post_id bigint NOT NULL,
  -- The question: the deleted one, or the one the deleted answer belonged to.
  question_id bigint NOT NULL,
  author_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  -- What its author is shown: the title (a question's), Markdown, rendered HTML and tags.
  title text NOT NULL DEFAULT '',
  text text NOT NULL,
  html text,
  tags text[] NOT NULL DEFAULT '{}',
  -- The deleted rows: [[table, [row, ...]], ...] in the order they are put back.
  saved jsonb NOT NULL,
  -- The question's accepted answer (set again once its answers are back), or whether the answer was the accepted one.
  accepted bigint,
  PRIMARY KEY (kind, post_id)
);
--> statement-breakpoint
CREATE INDEX deleted_posts_question_idx ON deleted_posts (question_id, author_id);
--> statement-breakpoint
CREATE INDEX deleted_posts_deleted_at_idx ON deleted_posts (deleted_at);
--> statement-breakpoint
-- Puts kept rows back into `tbl` with their own ids (generated columns are computed again, and the
-- triggers that keep search rows, lists, links and embeddings fire as for a new row). A row that
-- no longer fits (a voter's account or a linking question deleted since) is left out.
CREATE OR REPLACE FUNCTION restore_rows(tbl regclass, data jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  cols text;
  item jsonb;
  restored integer := 0;
BEGIN
  IF data IS NULL OR jsonb_typeof(data) <> 'array' THEN
    RETURN 0;
  END IF;
  SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO cols
  FROM pg_attribute WHERE attrelid = tbl AND attnum > 0 AND NOT attisdropped AND attgenerated = '';
  FOR item IN SELECT value FROM jsonb_array_elements(data) LOOP
    BEGIN
      EXECUTE format('INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM jsonb_populate_record(NULL::%s, $1)',
        tbl, cols, cols, tbl) USING item;
      restored := restored + 1;
    EXCEPTION WHEN foreign_key_violation OR unique_violation OR check_violation THEN
      NULL;
    END;
  END LOOP;
  RETURN restored;
END
$$;
