-- Links between questions, for the "Linked" list beside a question (issue 42): a question or one of
-- its answers links to another question when its text holds `/question/N` (this site's address,
-- relative or absolute) or, for imported posts, a Stack Exchange address of an imported question
-- or answer (`https://HOST/questions/N`, `/q/N`, `/a/N`, matched through their source URLs).
-- Kept by triggers as posts are written, edited and deleted, like the search and embedding rows.
CREATE TABLE question_links (
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  -- The answer that links; NULL: the question's own text.
  answer_id bigint REFERENCES answers (id) ON DELETE CASCADE,
  target_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  CONSTRAINT question_links_not_self CHECK (question_id <> target_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX question_links_key ON question_links (question_id, coalesce(answer_id, 0), target_id);
--> statement-breakpoint
CREATE INDEX question_links_target_idx ON question_links (target_id, question_id);
--> statement-breakpoint
CREATE INDEX question_links_answer_idx ON question_links (answer_id) WHERE answer_id IS NOT NULL;
--> statement-breakpoint
-- The questions a text links to (stored ones only; at most the first 200,000 characters are read).
CREATE OR REPLACE FUNCTION linked_question_ids(body text) RETURNS SETOF bigint LANGUAGE sql STABLE AS $$
  WITH found AS (
    SELECT m[1] AS native, m[2] AS host, m[3] AS kind, m[4] AS se_id
    FROM regexp_matches(left(body, 200000), '/question/(\d{1,15})|https?://([A-Za-z0-9.-]{1,253})/(questions|q|a)/(\d{1,15})', 'g') AS m
  )
  SELECT q.id FROM found f JOIN questions q ON q.id = f.native::bigint WHERE f.native IS NOT NULL
  UNION
  SELECT q.id FROM found f JOIN questions q ON q.source_url = 'https://' || lower(f.host) || '/questions/' || f.se_id
  WHERE f.kind IN ('questions', 'q')
  UNION
  SELECT a.question_id FROM found f JOIN answers a ON a.source_url = 'https://' || lower(f.host) || '/a/' || f.se_id
  WHERE f.kind = 'a'
$$;
--> statement-breakpoint
-- Whether a text may link to a question at all (a cheap test before the regular expression).
CREATE OR REPLACE FUNCTION may_link_question(body text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT strpos(body, '/question') > 0 OR strpos(body, '/q/') > 0 OR strpos(body, '/a/') > 0
$$;
--> statement-breakpoint
-- Stores the links of one post's text: the question's own (`answer` NULL) or one of its answers'.
-- Answers how many it added.
CREATE OR REPLACE FUNCTION store_question_links(linking bigint, answer bigint, body text) RETURNS bigint
LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO question_links (question_id, answer_id, target_id)
    SELECT linking, answer, l FROM linked_question_ids(body) l WHERE may_link_question(body) AND l <> linking
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_links_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'questions' THEN
    PERFORM store_question_links(i.id, NULL, i.text) FROM inserted i WHERE may_link_question(i.text);
  ELSE
    PERFORM store_question_links(i.question_id, i.id, i.text) FROM inserted i WHERE may_link_question(i.text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_links_insert AFTER INSERT ON questions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION question_links_insert();
--> statement-breakpoint
CREATE TRIGGER answers_links_insert AFTER INSERT ON answers REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION question_links_insert();
--> statement-breakpoint
-- An edited text links anew.
CREATE OR REPLACE FUNCTION question_links_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'questions' THEN
    DELETE FROM question_links WHERE question_id = NEW.id AND answer_id IS NULL;
    PERFORM store_question_links(NEW.id, NULL, NEW.text);
  ELSE
    DELETE FROM question_links WHERE answer_id = NEW.id;
    PERFORM store_question_links(NEW.question_id, NEW.id, NEW.text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_links_update AFTER UPDATE OF text ON questions FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text) EXECUTE FUNCTION question_links_update();
--> statement-breakpoint
CREATE TRIGGER answers_links_update AFTER UPDATE OF text ON answers FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text) EXECUTE FUNCTION question_links_update();
--> statement-breakpoint
-- Every post's links found again: the posts already stored now, and an import's (a post may link
-- to a question the same import adds after it). Answers how many links it added.
CREATE OR REPLACE FUNCTION link_questions(imported_only boolean) RETURNS bigint LANGUAGE sql AS $$
  SELECT coalesce(sum(n), 0)::bigint FROM (
    SELECT store_question_links(q.id, NULL, q.text) AS n FROM questions q
    WHERE (NOT imported_only OR q.source_url IS NOT NULL) AND may_link_question(q.text)
    UNION ALL
    SELECT store_question_links(a.question_id, a.id, a.text) FROM answers a
    WHERE (NOT imported_only OR a.source_url IS NOT NULL) AND may_link_question(a.text)
  ) stored
$$;
--> statement-breakpoint
SELECT link_questions(false);
