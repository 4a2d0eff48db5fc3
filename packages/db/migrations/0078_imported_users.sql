-- Imported users (issue 42 item 6, docs/decisions/0099): the reputation a user earned on the
-- site a dump came from (`reputation_base`, 0 for everyone else), which every recount adds to
-- what our own votes give; and the Stack Exchange profile an account was imported from
-- (`source_url`), which finds it again on a later import whatever name it shows.
ALTER TABLE users ADD COLUMN IF NOT EXISTS reputation_base integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS source_url text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS users_source_url_key ON users (source_url);
