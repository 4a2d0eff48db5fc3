-- Flags and hidden posts (issue 41, docs/decisions: flags and the review queue).
-- A post is `hidden` ('flagged': three spam or rude flags from distinct users; 'held': a new
-- account's first post held for review) until a moderator deletes it or lets it stand. Hidden
-- questions leave every read that lists them: the ranked search's own table (`question_search`:
-- its row is removed and put back by a trigger, so the tiers and RUM read none), the question
-- count kept beside the list, and the lists' filters (queries test `hidden IS NULL`). Hidden
-- answers and comments leave the lists kept in `question_lists`.
ALTER TABLE questions ADD COLUMN hidden text CONSTRAINT questions_hidden CHECK (hidden IN ('flagged', 'held'));
--> statement-breakpoint
ALTER TABLE answers ADD COLUMN hidden text CONSTRAINT answers_hidden CHECK (hidden IN ('flagged', 'held'));
--> statement-breakpoint
ALTER TABLE comments ADD COLUMN hidden text CONSTRAINT comments_hidden CHECK (hidden IN ('flagged', 'held'));
--> statement-breakpoint
-- The few hidden questions, found without reading the others (tag counts subtract them).
CREATE INDEX questions_hidden_idx ON questions (id) WHERE hidden IS NOT NULL;
--> statement-breakpoint
CREATE INDEX answers_hidden_idx ON answers (id) WHERE hidden IS NOT NULL;
--> statement-breakpoint
CREATE INDEX comments_hidden_idx ON comments (id) WHERE hidden IS NOT NULL;
--> statement-breakpoint
-- One row per user and post: which post (exactly one of three keys, each going with its post),
-- why, and how a moderator resolved it. A user flags a post once, ever.
CREATE TABLE flags (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  question_id bigint REFERENCES questions (id) ON DELETE CASCADE,
  answer_id bigint REFERENCES answers (id) ON DELETE CASCADE,
  comment_id bigint REFERENCES comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  text text,
  duplicate_of bigint REFERENCES questions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by bigint REFERENCES users (id) ON DELETE SET NULL,
  outcome text,
  CONSTRAINT flags_one_post CHECK (num_nonnulls(question_id, answer_id, comment_id) = 1),
  CONSTRAINT flags_reason CHECK (reason IN ('spam', 'rude', 'duplicate', 'notAnAnswer', 'needsAttention')),
  CONSTRAINT flags_outcome CHECK ((outcome IS NULL) = (resolved_at IS NULL) AND outcome IN ('deleted', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX flags_question_user_key ON flags (question_id, user_id) WHERE question_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX flags_answer_user_key ON flags (answer_id, user_id) WHERE answer_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX flags_comment_user_key ON flags (comment_id, user_id) WHERE comment_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX flags_pending_idx ON flags (created_at, id) WHERE resolved_at IS NULL;
--> statement-breakpoint
CREATE INDEX flags_user_idx ON flags (user_id, created_at);
--> statement-breakpoint
CREATE INDEX flags_duplicate_of_idx ON flags (duplicate_of) WHERE duplicate_of IS NOT NULL;
--> statement-breakpoint
-- What a spam or rude post that a moderator deleted costs its author: one row each, counted by
-- the reputation recount (the post itself is gone).
CREATE TABLE reputation_penalties (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_type text NOT NULL,
  post_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX reputation_penalties_user_idx ON reputation_penalties (user_id);
--> statement-breakpoint
-- The question count counts visible questions only: inserts and deletes of hidden ones leave it,
-- and hiding or showing one moves it.
CREATE OR REPLACE FUNCTION question_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE question_totals SET total = total + (SELECT count(*) FROM inserted WHERE hidden IS NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE question_totals SET total = total - (SELECT count(*) FROM deleted WHERE hidden IS NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO question_search (id, ask_date_time, search) SELECT id, ask_date_time, search FROM inserted WHERE hidden IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_hidden_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hidden IS NULL THEN
    INSERT INTO question_search (id, ask_date_time, search, tag_ids)
      VALUES (NEW.id, NEW.ask_date_time, NEW.search,
        ARRAY(SELECT qt.tag_id FROM question_tags qt WHERE qt.question_id = NEW.id ORDER BY qt.tag_id))
      ON CONFLICT (id) DO NOTHING;
    UPDATE question_totals SET total = total + 1;
  ELSIF OLD.hidden IS NULL THEN
    DELETE FROM question_search WHERE id = NEW.id;
    UPDATE question_totals SET total = total - 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_hidden_changed AFTER UPDATE OF hidden ON questions FOR EACH ROW
  WHEN ((OLD.hidden IS NULL) <> (NEW.hidden IS NULL)) EXECUTE FUNCTION question_hidden_changed();
--> statement-breakpoint
-- A question's kept lists leave out hidden answers and comments.
CREATE OR REPLACE FUNCTION question_lists_write(ids bigint[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO question_lists (question_id, tags, tag_refs, answers, comments)
  SELECT q.id,
    array_to_json(ARRAY(SELECT tag FROM question_tags qt CROSS JOIN LATERAL (SELECT t.* FROM tags t WHERE t.id = qt.tag_id OFFSET 0) t
      CROSS JOIN LATERAL (SELECT t.id::text AS "_id", t.name, t.description) tag WHERE qt.question_id = q.id ORDER BY qt.position, t.name)),
    (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY qt.position, t.name), '[]')
      FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id),
    ARRAY(SELECT a.id::text FROM answers a WHERE a.question_id = q.id AND a.hidden IS NULL ORDER BY a.id LIMIT 500),
    ARRAY(SELECT c.id::text FROM comments c WHERE c.question_id = q.id AND c.hidden IS NULL ORDER BY c.id LIMIT 500)
  FROM questions q WHERE q.id = ANY (ids)
  ON CONFLICT (question_id) DO UPDATE
    SET tags = EXCLUDED.tags, tag_refs = EXCLUDED.tag_refs, answers = EXCLUDED.answers, comments = EXCLUDED.comments;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION question_lists_post_hidden() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.question_id IS NOT NULL THEN
    PERFORM question_lists_refresh(ARRAY[NEW.question_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_lists_answers_hidden AFTER UPDATE OF hidden ON answers FOR EACH ROW
  WHEN ((OLD.hidden IS NULL) <> (NEW.hidden IS NULL)) EXECUTE FUNCTION question_lists_post_hidden();
--> statement-breakpoint
CREATE TRIGGER question_lists_comments_hidden AFTER UPDATE OF hidden ON comments FOR EACH ROW
  WHEN ((OLD.hidden IS NULL) <> (NEW.hidden IS NULL)) EXECUTE FUNCTION question_lists_post_hidden();
