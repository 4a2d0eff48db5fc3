-- A tagged word search as one intersection of two posting lists (docs/decisions/0055): each
-- question's tag ids beside its search document in `question_search` (0021), and one GIN index
-- over both, so `search @@ words AND tag_ids @> tags` reads the words' and the tags' posting lists
-- together. `search` is untouched (the rank and the walks read it as before). The table is
-- refilled rather than updated in place (an update of every row would leave it twice its size).
-- Kept by triggers on `question_tags`: an insert or delete (per statement: a bulk import's tags in
-- one pass) and an update of a row's question or tag. Tags are named by id: a rename changes nothing.
ALTER TABLE question_search ADD COLUMN IF NOT EXISTS tag_ids bigint[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
TRUNCATE question_search;
--> statement-breakpoint
INSERT INTO question_search (id, ask_date_time, search, tag_ids)
  SELECT q.id, q.ask_date_time, q.search, coalesce(t.ids, '{}') FROM questions q
  LEFT JOIN (SELECT question_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM question_tags GROUP BY question_id) t ON t.question_id = q.id;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS question_search_tagged_idx ON question_search USING gin (tag_ids, search);
--> statement-breakpoint
ANALYZE question_search;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_retag(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE question_search s SET tag_ids = t.ids
  FROM (SELECT i.id, ARRAY(SELECT qt.tag_id FROM question_tags qt WHERE qt.question_id = i.id ORDER BY qt.tag_id) AS ids FROM unnest(ids) AS i(id)) t
  WHERE s.id = t.id AND s.tag_ids IS DISTINCT FROM t.ids
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM question_search_retag(ARRAY(SELECT DISTINCT question_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_search_tags_added AFTER INSERT ON question_tags REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_search_tags_changed();
--> statement-breakpoint
CREATE TRIGGER question_search_tags_removed AFTER DELETE ON question_tags REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_search_tags_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_tag_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM question_search_retag(ARRAY[OLD.question_id, NEW.question_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_search_tag_moved AFTER UPDATE OF question_id, tag_id ON question_tags FOR EACH ROW
  WHEN (OLD.question_id IS DISTINCT FROM NEW.question_id OR OLD.tag_id IS DISTINCT FROM NEW.tag_id) EXECUTE FUNCTION question_search_tag_moved();
