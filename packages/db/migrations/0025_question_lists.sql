-- A question's lists as a list row shows them, kept beside it (docs/decisions/0073): its tags
-- (the REST summary's objects with descriptions, and the /home screen's ids and names) and the
-- ids of its answers and comments (SPEC §3, ordered by id, at most 500 each: QUESTION_LIMITS).
-- A page of 50 summaries read them with four correlated subqueries a row, about half of the
-- statement's database CPU; one probe of this table replaces them. Voters and viewers are still
-- read live: they change with every click, these only when a post is written.
-- Kept by statement triggers on question_tags, tags, answers and comments (a bulk import's rows
-- in one pass). Each refresh first locks the questions' rows (the write paths lock them first
-- too, so this never inverts their order) and then reads the lists afresh: two writers on one
-- question refresh one after the other, the second seeing the first's rows. A question with no
-- row here has empty lists (readers coalesce); a deleted question's row goes with it. An answer
-- or comment never moves to another question (no path updates its question_id), so only their
-- inserts and deletes are watched: an edit or a vote on an answer costs nothing here. The
-- migration holds off writers to the tables it reads while it fills the table.
LOCK TABLE questions, question_tags, tags, answers, comments IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS question_lists (
  question_id bigint PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
  tags json NOT NULL,
  tag_refs json NOT NULL,
  answers text[] NOT NULL,
  comments text[] NOT NULL
);
--> statement-breakpoint
-- PL/pgSQL with a generic plan: a session plans the statement once, not on every call (as a SQL
-- function, or with custom plans, the planning alone was 0.5 ms of a comment's 0.9 ms here).
CREATE OR REPLACE FUNCTION question_lists_write(ids bigint[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO question_lists (question_id, tags, tag_refs, answers, comments)
  SELECT q.id,
    array_to_json(ARRAY(SELECT tag FROM question_tags qt CROSS JOIN LATERAL (SELECT t.* FROM tags t WHERE t.id = qt.tag_id OFFSET 0) t
      CROSS JOIN LATERAL (SELECT t.id::text AS "_id", t.name, t.description) tag WHERE qt.question_id = q.id ORDER BY qt.position, t.name)),
    (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY qt.position, t.name), '[]')
      FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id),
    ARRAY(SELECT a.id::text FROM answers a WHERE a.question_id = q.id ORDER BY a.id LIMIT 500),
    ARRAY(SELECT c.id::text FROM comments c WHERE c.question_id = q.id ORDER BY c.id LIMIT 500)
  FROM questions q WHERE q.id = ANY (ids)
  ON CONFLICT (question_id) DO UPDATE
    SET tags = EXCLUDED.tags, tag_refs = EXCLUDED.tag_refs, answers = EXCLUDED.answers, comments = EXCLUDED.comments;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_lists_refresh(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM questions WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM question_lists_write(ids);
END $$;
--> statement-breakpoint
SELECT question_lists_write(ARRAY(SELECT id FROM questions));
--> statement-breakpoint
ANALYZE question_lists;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_lists_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM question_lists_refresh(ARRAY(SELECT DISTINCT question_id FROM changed WHERE question_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_lists_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM question_lists_refresh(ARRAY(SELECT question_id FROM old_rows WHERE question_id IS NOT NULL
    UNION SELECT question_id FROM new_rows WHERE question_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_lists_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM question_lists_refresh(ARRAY(SELECT DISTINCT qt.question_id FROM question_tags qt
    WHERE qt.tag_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description) IS DISTINCT FROM (o.name, o.description))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_lists_tags_added AFTER INSERT ON question_tags REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
--> statement-breakpoint
CREATE TRIGGER question_lists_tags_removed AFTER DELETE ON question_tags REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
--> statement-breakpoint
CREATE TRIGGER question_lists_tags_moved AFTER UPDATE ON question_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_updated();
--> statement-breakpoint
CREATE TRIGGER question_lists_tag_described AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_tags_updated();
--> statement-breakpoint
CREATE TRIGGER question_lists_answers_added AFTER INSERT ON answers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
--> statement-breakpoint
CREATE TRIGGER question_lists_answers_removed AFTER DELETE ON answers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
--> statement-breakpoint
CREATE TRIGGER question_lists_comments_added AFTER INSERT ON comments REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
--> statement-breakpoint
CREATE TRIGGER question_lists_comments_removed AFTER DELETE ON comments REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION question_lists_rows_changed();
