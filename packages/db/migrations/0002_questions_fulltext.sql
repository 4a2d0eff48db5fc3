-- Full-text search of questions (DESIGN "Search"): English stemming, the title weighted above
-- the body, one GIN index; the column is generated so every write path keeps it current.
ALTER TABLE questions ADD COLUMN IF NOT EXISTS search tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', left(text, 100000)), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS questions_search_idx ON questions USING gin (search);
