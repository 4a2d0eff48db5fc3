-- `is:answer` searches answers (issue 42): their words from a full-text index over the same
-- stemming as the questions' (English, the first 100,000 characters), and, without words
-- (`is:answer user:alice`), the newest answers from a date index.
CREATE INDEX IF NOT EXISTS answers_fts_idx ON answers USING gin (to_tsvector('english', left(text, 100000)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS answers_date_idx ON answers (ans_date_time DESC, id DESC);
