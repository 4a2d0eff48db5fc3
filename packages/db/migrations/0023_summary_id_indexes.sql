-- A REST summary's ids of its question's answers and comments (SPEC §3, ordered by id, bounded)
-- read from an index alone (docs/decisions/0059): `answers_question_idx` and
-- `comments_question_idx` order by date, so each list fetched every row from the heap and sorted
-- the ids. Indexes of (question_id, id) hand them out in order without the heap once vacuumed.
CREATE INDEX IF NOT EXISTS answers_question_ids_idx ON answers (question_id, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS comments_question_ids_idx ON comments (question_id, id) WHERE question_id IS NOT NULL;
